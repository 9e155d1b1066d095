import { mkdtemp, rm, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupSocketName, requestDump, serveBackupDumps } from './backup-socket';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function dataDir() {
  const dir = await mkdtemp(join(tmpdir(), 'tziyun-sock-'));
  dirs.push(dir);
  return dir;
}

const quiet = { info() {}, warn() {} };
const media = [
  { name: `${'a'.repeat(8)}-aaaa-aaaa-aaaa-${'a'.repeat(12)}.mp4`, kind: 'video' as const },
];

describe('the backup socket', () => {
  it('hands over the copy and the media names, to its owner only, and goes when stopped', async () => {
    const dir = await dataDir();
    const stop = await serveBackupDumps(
      dir,
      async () => ({ dump: Buffer.from('copy'), media }),
      quiet,
    );
    expect((await stat(join(dir, backupSocketName))).mode & 0o777).toBe(0o600);
    expect(await requestDump(dir)).toEqual({ dump: Buffer.from('copy'), media });
    await stop();
    await expect(stat(join(dir, backupSocketName))).rejects.toThrow('ENOENT');
    await expect(requestDump(dir)).rejects.toThrow('ENOENT');
  });

  it('passes on why the server could not make the copy, and answers nothing else', async () => {
    const dir = await dataDir();
    const stop = await serveBackupDumps(
      dir,
      async () => {
        throw new Error('database closed');
      },
      quiet,
    );
    try {
      await expect(requestDump(dir)).rejects.toThrow('database closed');
      const socket = connect(join(dir, backupSocketName));
      socket.end('what\n');
      let answer = '';
      for await (const chunk of socket) answer += String(chunk);
      expect(answer).toBe('ERR unknown request\n');
    } finally {
      await stop();
    }
  });

  it('is not offered when DATA_DIR’s path is too long for a socket, and says so', async () => {
    const dir = join(await dataDir(), 'x'.repeat(100));
    const warnings: string[] = [];
    const stop = await serveBackupDumps(dir, async () => ({ dump: Buffer.alloc(0), media: [] }), {
      info() {},
      warn: (line) => warnings.push(line),
    });
    await stop();
    expect(warnings[0]).toContain('backups while the site runs are not available');
    await expect(requestDump(dir)).rejects.toThrow('too long');
  });
});
