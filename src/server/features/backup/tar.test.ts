import { execFileSync } from 'node:child_process';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CorruptArchiveError, TarWriter, readTar, tarHeader } from './tar';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function archiveOf(files: Record<string, Buffer>) {
  const dir = await mkdtemp(join(tmpdir(), 'tziyun-tar-'));
  dirs.push(dir);
  const path = join(dir, 'a.tar');
  const handle = await open(path, 'w');
  const writer = new TarWriter(handle);
  for (const [name, data] of Object.entries(files)) await writer.add(name, data.length, [data]);
  await writer.finish();
  await handle.close();
  return path;
}

async function entriesOf(path: string) {
  const handle = await open(path, 'r');
  try {
    const found: Record<string, string> = {};
    for await (const entry of readTar(handle)) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body()) chunks.push(chunk);
      found[entry.name] = Buffer.concat(chunks).toString();
    }
    return found;
  } finally {
    await handle.close();
  }
}

describe('the backup archive’s tar', () => {
  const files = {
    'manifest.json': Buffer.from('{"a":1}'),
    'media/0b8f-x.vtt': Buffer.from('WEBVTT\n'.repeat(200)),
    empty: Buffer.alloc(0),
  };

  it('reads back what it wrote, and so does the system tar', async () => {
    const path = await archiveOf(files);
    expect(await entriesOf(path)).toEqual(
      Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.toString()])),
    );
    const listed = execFileSync('tar', ['tvf', path], { encoding: 'utf8' });
    expect(listed).toContain('1400 ');
    expect(listed).toContain('media/0b8f-x.vtt');
  });

  it('refuses a file that changes size while it is copied', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tziyun-tar-'));
    dirs.push(dir);
    const handle = await open(join(dir, 'b.tar'), 'w');
    await expect(new TarWriter(handle).add('x', 10, [Buffer.alloc(4)])).rejects.toThrow(
      'x changed while it was copied (4 bytes, expected 10)',
    );
    await handle.close();
  });

  it('writes sizes past 8 GiB in the binary size field', async () => {
    const size = 10 * 1024 ** 3;
    const path = join(await mkdtemp(join(tmpdir(), 'tziyun-tar-')), 'big.tar');
    dirs.push(join(path, '..'));
    await writeFile(path, tarHeader('big', size));
    const handle = await open(path, 'r');
    try {
      // The header is read; the body is missing, which the reader says instead of reading on.
      await expect(readTar(handle).next()).rejects.toThrow('big is cut short');
    } finally {
      await handle.close();
    }
  });

  it('refuses a damaged header', async () => {
    const path = await archiveOf(files);
    const handle = await open(path, 'r+');
    await handle.write(Buffer.from('X'), 0, 1, 3);
    await handle.close();
    await expect(entriesOf(path)).rejects.toBeInstanceOf(CorruptArchiveError);
  });
});
