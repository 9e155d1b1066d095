import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirInUseError, dataDirLockName, lockDataDir, processIsAlive } from './data-dir-lock';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'tziyun-lock-'));
  dirs.push(dir);
  return dir;
}
function leaveLock(dir: string, holder: object) {
  writeFileSync(join(dir, dataDirLockName), JSON.stringify(holder));
}
const elsewhere = { hostname: 'office-pc', startedAt: '2030-01-01T09:00:00.000Z', token: 'x' };

describe('the data directory lock', () => {
  it('lets one holder in at a time, naming who has it, and lets go on release', () => {
    const dir = dataDir();
    const release = lockDataDir(dir, "the site's server");
    expect(JSON.parse(readFileSync(join(dir, dataDirLockName), 'utf8'))).toMatchObject({
      pid: process.pid,
      purpose: "the site's server",
    });
    let refused: unknown;
    try {
      lockDataDir(dir, 'an admin command');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toMatch(
      new RegExp(
        `^The site's server \\(process ${process.pid} on .+\\) is using the embedded database in ${dir}\\.$`,
      ),
    );
    release();
    expect(existsSync(join(dir, dataDirLockName))).toBe(false);
    lockDataDir(dir, 'an admin command')();
  });

  it('refuses while another live process holds it', () => {
    const dir = dataDir();
    leaveLock(dir, { ...elsewhere, pid: 4242, purpose: "the site's server" });
    expect(() => lockDataDir(dir, 'an admin command', { isAlive: () => true })).toThrow(
      "The site's server (process 4242 on office-pc, since 2030-01-01T09:00:00.000Z) is using",
    );
  });

  it('takes over a lock left by a process that died (kill -9, power cut)', () => {
    const dir = dataDir();
    const exited = spawnSync(process.execPath, ['-e', '0']);
    expect(processIsAlive(exited.pid!)).toBe(false);
    leaveLock(dir, { ...elsewhere, pid: exited.pid, purpose: "the site's server" });
    const release = lockDataDir(dir, 'an admin command');
    expect(JSON.parse(readFileSync(join(dir, dataDirLockName), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('takes over a lock with its own pid from an earlier life (a restarted container)', () => {
    const dir = dataDir();
    leaveLock(dir, { ...elsewhere, pid: process.pid, purpose: "the site's server" });
    lockDataDir(dir, "the site's server", { isAlive: () => true })();
  });

  it('takes over a file half-written by a process that died', () => {
    const dir = dataDir();
    writeFileSync(join(dir, dataDirLockName), '{"pid": 12');
    lockDataDir(dir, 'an admin command')();
  });

  it('never removes a lock that another process has taken since', () => {
    const dir = dataDir();
    const release = lockDataDir(dir, 'an admin command');
    leaveLock(dir, { ...elsewhere, pid: 4242, purpose: "the site's server" });
    release();
    expect(JSON.parse(readFileSync(join(dir, dataDirLockName), 'utf8')).pid).toBe(4242);
  });

  it('is taken by openDatabase on a data directory, and given back on close', async () => {
    const dir = dataDir();
    const first = await openDatabase({ dataDir: dir, purpose: "the site's server" });
    await expect(openDatabase({ dataDir: dir, purpose: 'an admin command' })).rejects.toThrow(
      DataDirInUseError,
    );
    await first.close();
    expect(existsSync(join(dir, dataDirLockName))).toBe(false);
    const second = await openDatabase({ dataDir: dir });
    await second.close();
  });
});
