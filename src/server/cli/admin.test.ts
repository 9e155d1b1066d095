import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rootDir } from '~/server/lib/paths';

// The admin commands as an operator runs them: a separate process, settings from the
// environment and from `.env` in the folder it runs in.

const work = mkdtempSync(join(tmpdir(), 'tziyun-cli-settings-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function adminCli(args: string[], env: Record<string, string>) {
  const inherited = { ...process.env };
  delete inherited.DATA_DIR;
  return spawnSync(
    process.execPath,
    [
      join(rootDir, 'node_modules/tsx/dist/cli.mjs'),
      join(rootDir, 'src/server/cli/admin.ts'),
      ...args,
    ],
    {
      cwd: work,
      // From another folder, tsx still needs the project's path aliases.
      env: { ...inherited, TSX_TSCONFIG_PATH: join(rootDir, 'tsconfig.json'), ...env },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
}

describe('npm run admin:create', () => {
  it('reads .env in the folder it runs in, the environment winning over the file', () => {
    const fromFile = join(work, 'data-from-file');
    const fromEnvironment = join(work, 'data-from-environment');
    writeFileSync(join(work, '.env'), `DATA_DIR=${fromFile}\nDATABASE_URL=\n`);
    const env = { ADMIN_PASSWORD: 'a-long-test-password', DATABASE_URL: '' };

    const first = adminCli(['create', '--username', 'office'], env);
    expect(first.stderr).toBe('');
    expect(first.stdout).toBe('Created owner "office". Sign in at /admin.\n');
    expect(existsSync(fromFile)).toBe(true);

    // DATA_DIR in the environment: another database, where "office" does not exist yet.
    const second = adminCli(['create', '--username', 'office'], {
      ...env,
      DATA_DIR: fromEnvironment,
    });
    expect(second.stderr).toBe('');
    expect(second.stdout).toBe('Created owner "office". Sign in at /admin.\n');
    expect(existsSync(fromEnvironment)).toBe(true);
  }, 120_000);
});
