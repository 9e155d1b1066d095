import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/client';
import {
  adminAuditLog,
  adminPasskeys,
  adminRecoveryCodes,
  adminSecuritySettings,
  adminSessions,
  adminTotp,
  adminUsers,
} from '~/db/schema';
import { dataDirLockName } from '~/db/data-dir-lock';
import { createTestDatabase } from '~tests/helpers/database';
import { rootDir } from '~/server/lib/paths';
import { runAdminCli, type CliIo } from './admin-cli';
import { verifyPassword } from '~/server/auth/passwords';
import { createSession } from '~/server/auth/sessions';
import { secondFactorSecretBox } from '~/server/auth/secret-box';
import { issueRecoveryCodes } from './recovery-codes';
import { newTotpSecret } from './totp';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A terminal stand-in: what the user types, and whether it is a TTY. */
function fakeStdin(isTTY: boolean, typed: string[] = []) {
  const stdin = Object.assign(new PassThrough(), {
    isTTY,
    rawMode: false,
    setRawMode(mode: boolean) {
      stdin.rawMode = mode;
    },
  });
  // Each line is typed once the prompt is up (the reader listens from then on).
  const originalResume = stdin.resume.bind(stdin);
  stdin.resume = () => {
    const line = typed.shift();
    if (line !== undefined) setImmediate(() => stdin.write(line));
    return originalResume();
  };
  return stdin;
}

async function run(args: string[], env: Record<string, string> = {}, stdin = fakeStdin(false)) {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = new PassThrough();
  const shown: string[] = [];
  stdout.on('data', (chunk) => shown.push(String(chunk)));
  const io: CliIo = {
    env: { NODE_ENV: 'test', ...env },
    stdin,
    stdout,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    // The test's database, kept open after the command closes it.
    openDatabase: async () => ({ ...database, close: async () => {} }),
  };
  const code = await runAdminCli(args, io);
  return { code, out: out.join('\n'), err: err.join('\n'), shown: shown.join('') };
}

async function account(username: string) {
  const [row] = await database.db
    .select()
    .from(adminUsers)
    .where(eq(adminUsers.username, username));
  return row;
}

describe('admin:create', () => {
  it('makes the first account an owner, the next ones admins, and says so without the password', async () => {
    const first = await run(['create', '--username', 'Office'], {
      ADMIN_PASSWORD: 'a-long-test-password',
    });
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toBe('Created owner "office". Sign in at /admin.');
    const office = await account('office');
    expect(office!.role).toBe('owner');
    expect(await verifyPassword(office!.passwordHash, 'a-long-test-password')).toBe(true);

    const second = await run(['create', '--username', 'helper'], {
      ADMIN_PASSWORD: 'another-long-password',
    });
    expect(second.code).toBe(0);
    expect((await account('helper'))!.role).toBe('admin');

    const third = await run(['create', '--username', 'co-owner', '--role', 'owner'], {
      ADMIN_PASSWORD: 'yet-another-long-password',
    });
    expect(third.code).toBe(0);
    expect((await account('co-owner'))!.role).toBe('owner');
    for (const r of [first, second, third])
      expect(r.out + r.err).not.toMatch(/long-test|password-/);

    const [entry] = await database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target, 'office'));
    expect(entry).toMatchObject({
      action: 'admin-created',
      actorId: null,
      details: { role: 'owner', via: 'cli' },
    });
  });

  it('says when the user exists (exit 1)', async () => {
    await run(['create', '--username', 'twice'], { ADMIN_PASSWORD: 'a-long-test-password' });
    const again = await run(['create', '--username', 'TWICE'], {
      ADMIN_PASSWORD: 'a-long-test-password',
    });
    expect(again.code).toBe(1);
    expect(again.err).toContain('An administrator named "twice" already exists.');
  });

  it.each([
    [['create'], 'Username is required'],
    [['create', '--username', 'no'], 'Username must be 3 to 40 characters'],
    [['create', '--username', 'valid-name', '--role', 'root'], 'Role must be owner or admin'],
    [['create', '--username', 'valid-name', '--colour', 'red'], 'Usage:'],
    [['remove', '--username', 'valid-name'], 'Usage:'],
    [
      ['password', '--username', 'valid-name', '--role', 'owner'],
      '--role is for admin:create only',
    ],
  ])('refuses %j (exit 1)', async (args, message) => {
    const result = await run(args, { ADMIN_PASSWORD: 'a-long-test-password' });
    expect(result.code).toBe(1);
    expect(result.err).toContain(message);
  });

  it('enforces 12 to 256 characters', async () => {
    const short = await run(['create', '--username', 'shorty'], { ADMIN_PASSWORD: 'elevenchars' });
    expect(short).toMatchObject({ code: 1, err: 'Password must be at least 12 characters' });
    const long = await run(['create', '--username', 'longy'], { ADMIN_PASSWORD: 'x'.repeat(257) });
    expect(long).toMatchObject({ code: 1, err: 'Password must be at most 256 characters' });
    expect(await account('shorty')).toBeUndefined();
  });

  it('fails clearly with no ADMIN_PASSWORD and no terminal', async () => {
    const result = await run(['create', '--username', 'no-tty']);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'No password given: set ADMIN_PASSWORD, or run the command in a terminal to type it.',
    );
    expect(await account('no-tty')).toBeUndefined();
  });

  it('asks twice at a terminal, without echoing, and refuses two different answers', async () => {
    const typed = await run(
      ['create', '--username', 'typist'],
      {},
      fakeStdin(true, ['typed secret pw\r', 'typed secret pw\r']),
    );
    expect(typed.code).toBe(0);
    expect(typed.shown).toBe('New password: \nRepeat it: \n');
    expect(await verifyPassword((await account('typist'))!.passwordHash, 'typed secret pw')).toBe(
      true,
    );

    const differ = await run(
      ['create', '--username', 'typo'],
      {},
      fakeStdin(true, ['typed secret pw\r', 'typed secret px\r']),
    );
    expect(differ).toMatchObject({
      code: 1,
      err: 'The two passwords differ. Nothing was changed.',
    });
    expect(await account('typo')).toBeUndefined();
  });

  it('handles backspace and Ctrl-C at the prompt', async () => {
    const corrected = await run(
      ['create', '--username', 'corrector'],
      {},
      fakeStdin(true, ['typed secret pwX\u007f\r', 'typed secret pw\r']),
    );
    expect(corrected.code).toBe(0);
    const cancelled = await run(
      ['create', '--username', 'quitter'],
      {},
      fakeStdin(true, ['abc\u0003']),
    );
    expect(cancelled).toMatchObject({ code: 1, err: 'Cancelled. Nothing was changed.' });
  });
});

describe('admin:password', () => {
  it('sets the new password and ends the user’s sessions', async () => {
    await run(['create', '--username', 'forgetter'], { ADMIN_PASSWORD: 'the-old-password' });
    const user = (await account('forgetter'))!;
    await createSession(database.db, { userId: user.id, now: new Date(), maxMs: 3_600_000 });
    await createSession(database.db, { userId: user.id, now: new Date(), maxMs: 3_600_000 });
    const result = await run(['password', '--username', 'forgetter'], {
      ADMIN_PASSWORD: 'the-new-password',
    });
    expect(result).toMatchObject({
      code: 0,
      out: 'Password changed for "forgetter"; 2 signed-in sessions ended.',
    });
    expect(result.out).not.toContain('the-new-password');
    const after = (await account('forgetter'))!;
    expect(await verifyPassword(after.passwordHash, 'the-new-password')).toBe(true);
    expect(await verifyPassword(after.passwordHash, 'the-old-password')).toBe(false);
    expect(after.passwordChangedAt.getTime()).toBeGreaterThan(user.passwordChangedAt.getTime() - 1);
    expect(await database.db.$count(adminSessions, eq(adminSessions.userId, user.id))).toBe(0);
  });

  /** An account with the app switched on, two passkeys and ten recovery codes. */
  async function protectedAccount(username: string) {
    await run(['create', '--username', username], { ADMIN_PASSWORD: 'the-old-password' });
    const user = (await account(username))!;
    const box = await secondFactorSecretBox(database.db);
    const now = new Date();
    await database.db.insert(adminTotp).values({
      userId: user.id,
      secretSealed: box.seal(newTotpSecret(), user.id),
      enabledAt: now,
      createdAt: now,
    });
    for (const name of ['Laptop', 'Key']) {
      await database.db.insert(adminPasskeys).values({
        userId: user.id,
        credentialId: `${username}-${name}`,
        publicKey: 'AAAA',
        name,
        createdAt: now,
      });
    }
    await issueRecoveryCodes(database.db, user.id, now);
    return user;
  }

  const factorRows = async (userId: string) => ({
    totp: await database.db.$count(adminTotp, eq(adminTotp.userId, userId)),
    passkeys: await database.db.$count(adminPasskeys, eq(adminPasskeys.userId, userId)),
    codes: await database.db.$count(adminRecoveryCodes, eq(adminRecoveryCodes.userId, userId)),
  });

  it('keeps the second factor unless asked, and says so', async () => {
    const user = await protectedAccount('keeper');
    const result = await run(['password', '--username', 'keeper'], {
      ADMIN_PASSWORD: 'the-new-password',
    });
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toBe(
      [
        'Password changed for "keeper"; 0 signed-in sessions ended.',
        'The second factor was kept (the authenticator app and 2 passkeys). If it was lost, run this again with --reset-second-factor.',
      ].join('\n'),
    );
    expect(await factorRows(user.id)).toEqual({ totp: 1, passkeys: 2, codes: 10 });
  });

  it('--reset-second-factor removes the app, the passkeys and the recovery codes', async () => {
    const user = await protectedAccount('lost-phone');
    const result = await run(['password', '--username', 'lost-phone', '--reset-second-factor'], {
      ADMIN_PASSWORD: 'the-new-password',
    });
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toBe(
      [
        'Password changed for "lost-phone"; 0 signed-in sessions ended.',
        'Second factor removed: the authenticator app, 2 passkeys and 10 unused recovery codes.',
        '"lost-phone" now signs in with the password alone and can set up a new second factor under Account Security.',
      ].join('\n'),
    );
    expect(await factorRows(user.id)).toEqual({ totp: 0, passkeys: 0, codes: 0 });
    const [entry] = await database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'second-factor-reset'));
    expect(entry).toMatchObject({
      actorId: null,
      target: 'lost-phone',
      details: { totp: true, passkeys: 2, recoveryCodes: 10, via: 'cli' },
    });
  });

  it('says when there was nothing to remove, and when the site requires a new one', async () => {
    await run(['create', '--username', 'bare-account'], { ADMIN_PASSWORD: 'the-old-password' });
    await database.db
      .insert(adminSecuritySettings)
      .values({ id: 1, requireSecondFactor: true, updatedAt: new Date() });
    try {
      const result = await run(
        ['password', '--username', 'bare-account', '--reset-second-factor'],
        {
          ADMIN_PASSWORD: 'the-new-password',
        },
      );
      expect(result.out.split('\n').slice(1)).toEqual([
        'There was no second factor to remove.',
        'This site requires a second factor: "bare-account" will set up a new one right after signing in with the password.',
      ]);
    } finally {
      await database.db.delete(adminSecuritySettings);
    }
  });

  it('refuses --reset-second-factor with admin:create', async () => {
    const result = await run(['create', '--username', 'newcomer', '--reset-second-factor'], {
      ADMIN_PASSWORD: 'the-new-password',
    });
    expect(result).toMatchObject({
      code: 1,
      err: '--reset-second-factor is for admin:password only.',
    });
    expect(await account('newcomer')).toBeUndefined();
  });

  it('says when there is no such user (exit 1)', async () => {
    const result = await run(['password', '--username', 'ghost'], {
      ADMIN_PASSWORD: 'the-new-password',
    });
    expect(result).toMatchObject({ code: 1, err: 'No administrator named "ghost".' });
  });
});

describe('on the embedded database while another program has it', () => {
  it.each([
    ['create', "the site's server", 'Stop the server, run this command again, then start'],
    ['password', 'an admin command', 'Wait for it to finish, then run this command again'],
  ])(
    'admin:%s refuses while %s holds it, and says what to do',
    async (command, purpose, advice) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'tziyun-cli-busy-'));
      try {
        const lockFile = join(dataDir, dataDirLockName);
        const holder = { pid: process.ppid, hostname: 'site', purpose, startedAt: 'today' };
        writeFileSync(lockFile, JSON.stringify({ ...holder, token: 'theirs' }));
        const err: string[] = [];
        const code = await runAdminCli([command, '--username', 'office'], {
          env: { NODE_ENV: 'test', DATA_DIR: dataDir, ADMIN_PASSWORD: 'a-long-test-password' },
          stdin: fakeStdin(false),
          stdout: new PassThrough(),
          out: () => {},
          err: (line) => err.push(line),
        });
        expect(code).toBe(1);
        const said = err.join('\n');
        expect(said).toContain(
          `(process ${process.ppid} on site, since today) is using the embedded database in ${dataDir}.`,
        );
        expect(said).toContain(`${advice}`);
        expect(said).toContain('two programs must not open the embedded database at once');
        expect(said).toContain(`If that process is no longer running, delete ${lockFile}.`);
        // Refused before opening anything: the holder's lock is untouched, no database was made.
        expect(JSON.parse(readFileSync(lockFile, 'utf8')).token).toBe('theirs');
        expect(readdirSync(dataDir)).toEqual([dataDirLockName]);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

describe('the npm script', () => {
  it('runs through tsx with the path aliases, on the DATA_DIR database', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tziyun-cli-'));
    try {
      const env = {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'a-long-test-password',
      };
      const cli = (args: string[]) =>
        spawnSync(
          process.execPath,
          [join(rootDir, 'node_modules/tsx/dist/cli.mjs'), 'src/server/cli/admin.ts', ...args],
          {
            cwd: rootDir,
            env,
            encoding: 'utf8',
            timeout: 60_000,
          },
        );
      const first = cli(['create', '--username', 'office']);
      expect(first.stderr).toBe('');
      expect(first.stdout).toBe('Created owner "office". Sign in at /admin.\n');
      expect(first.status).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
