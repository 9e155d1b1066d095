import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rootDir } from '~/server/lib/paths';
import { openDatabase } from './client';
import { keepNewFilesPrivate, makePrivateDir } from './private-files';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'tziyun-modes-'));
  dirs.push(dir);
  return dir;
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every file and folder under `dir` whose mode lets anyone but the owner in, with its mode. */
function openToOthers(dir: string) {
  const found: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const entry = join(path, name);
      const stats = statSync(entry);
      if (stats.mode & 0o077) found.push(`${entry.slice(dir.length)} ${modeOf(entry).toString(8)}`);
      if (stats.isDirectory()) walk(entry);
    }
  };
  walk(dir);
  return found;
}

describe('files the site writes are its own user’s alone', { timeout: 60_000 }, () => {
  it('makes a new DATA_DIR 0700, and tightens one an earlier version left open', () => {
    const parent = tempDir();
    const fresh = join(parent, 'new', 'data');
    makePrivateDir(fresh);
    expect(modeOf(fresh)).toBe(0o700);
    expect(modeOf(join(parent, 'new'))).toBe(0o700);

    const old = join(parent, 'old');
    mkdirSync(old, { mode: 0o755 });
    chmodSync(old, 0o755);
    makePrivateDir(old);
    expect(modeOf(old)).toBe(0o700);

    // Never widened: a folder already tighter stays so.
    const tight = join(parent, 'tight');
    mkdirSync(tight, { mode: 0o500 });
    makePrivateDir(tight);
    expect(modeOf(tight)).toBe(0o500);
  });

  it('keeps the embedded database’s files 0600 in 0700 folders, and closes up an older DATA_DIR', async () => {
    const dataDir = join(tempDir(), 'data');
    const handle = await openDatabase({ dataDir, purpose: 'the test' });
    // Files PostgreSQL makes after the start: a table's, its index's.
    await handle.db.execute(sql`create table later (id int primary key, note text)`);
    await handle.db.execute(sql`insert into later values (1, 'a row')`);
    expect(openToOthers(dataDir)).toEqual([]);
    await handle.close();
    expect(modeOf(dataDir)).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);

    // As the review found one an earlier version made: the folder 0755, PGlite's files 0666.
    chmodSync(dataDir, 0o755);
    for (const name of ['PG_VERSION', 'postgresql.conf']) chmodSync(join(dataDir, name), 0o666);
    chmodSync(join(dataDir, 'base'), 0o755);
    const again = await openDatabase({ dataDir, purpose: 'the test' });
    await again.close();
    expect(modeOf(dataDir)).toBe(0o700);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('sets the process’s umask to 0077, in the server, both command-line programs and the unit', () => {
    const previous = process.umask();
    try {
      keepNewFilesPrivate();
      const file = join(tempDir(), 'plain');
      writeFileSync(file, 'no mode given');
      expect(modeOf(file)).toBe(0o600);
    } finally {
      process.umask(previous);
    }
    for (const entry of [
      'src/server/main.ts',
      'src/server/cli/admin.ts',
      'src/server/cli/backup.ts',
    ]) {
      expect(readFileSync(join(rootDir, entry), 'utf8'), entry).toMatch(/keepNewFilesPrivate\(\);/);
    }
    expect(readFileSync(join(rootDir, 'deploy/systemd/tziyun@.service'), 'utf8')).toMatch(
      /^UMask=0077$/m,
    );
  });
});
