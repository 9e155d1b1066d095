import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '~/server/errors';
import { createMediaStore, type MediaKind } from './media-store';
import { startS3StandIn, type S3StandIn } from '~tests/helpers/s3-stand-in';
import {
  buildMediaTestApp,
  s3Settings,
  sample,
  sendVideoForm,
  videoFile,
  type MediaTestApp,
} from './media-test-kit';

describe('the media store', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tziyun-media-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const receive = (data: Buffer, kind: MediaKind, max = 1024 * 1024) =>
    createMediaStore(dir).receive(Readable.from([data]), kind, max);

  // A stream of small chunks: the head is read across them.
  const trickle = (data: Buffer) =>
    Readable.from(
      Array.from({ length: Math.ceil(data.length / 7) }, (_, i) => data.subarray(i * 7, i * 7 + 7)),
    );

  it.each([
    ['mp4', 'video', sample.mp4(), 'video/mp4'],
    ['webm', 'video', sample.webm(), 'video/webm'],
    ['ogv', 'video', Buffer.concat([Buffer.from('OggS'), Buffer.alloc(100)]), 'video/ogg'],
    ['jpg', 'thumbnail', sample.jpeg(), 'image/jpeg'],
    ['png', 'thumbnail', sample.png(), 'image/png'],
    [
      'webp',
      'thumbnail',
      Buffer.concat([Buffer.from('RIFF\x10\0\0\0WEBPVP8 '), Buffer.alloc(60)]),
      'image/webp',
    ],
    ['vtt', 'captions', sample.vtt(), 'text/vtt'],
    ['vtt', 'captions', Buffer.from('\uFEFFWEBVTT\r\n\r\n'), 'text/vtt'],
  ] as const)('recognises %s by its first bytes', async (ext, kind, data, contentType) => {
    const file = await receive(data, kind);
    expect(file).toMatchObject({ contentType, size: data.length });
    expect(file.name).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`));
    await createMediaStore(dir).remove([file]);
  });

  it('keeps an uploaded or restored file, and its folders, to the site’s user alone', async () => {
    const media = join(dir, 'private', 'media');
    const store = createMediaStore(media);
    const file = await store.receive(Readable.from([sample.png()]), 'thumbnail', 1024 * 1024);
    await store.keep(file);
    const restored = `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.png`;
    await store.write(restored, Readable.from([sample.png()]));
    const mode = async (path: string) => (await stat(path)).mode & 0o777;
    expect(await mode(join(media, file.name))).toBe(0o600);
    expect(await mode(join(media, restored))).toBe(0o600);
    expect(await mode(media)).toBe(0o700);
    expect(await mode(join(media, '.incoming'))).toBe(0o700);
  });

  it('reads the head across small chunks', async () => {
    const data = sample.webm(300);
    const file = await createMediaStore(dir).receive(trickle(data), 'video', 1024);
    expect(file).toMatchObject({ contentType: 'video/webm', size: 300 });
    await createMediaStore(dir).remove([file]);
  });

  it.each([
    ['HTML named like a video', 'video', sample.fake()],
    [
      'plain Matroska',
      'video',
      Buffer.concat([
        Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
        Buffer.from('matroska'),
        Buffer.alloc(80),
      ]),
    ],
    [
      'an AVIF image in an ISO box',
      'video',
      Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from('ftypavif'), Buffer.alloc(80)]),
    ],
    ['a PNG as a video', 'video', sample.png()],
    ['a video as a thumbnail', 'thumbnail', sample.mp4()],
    [
      'an SVG (script inside) as a thumbnail',
      'thumbnail',
      Buffer.from('<svg onload="alert(1)"></svg>'),
    ],
    ['SRT as captions', 'captions', Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nHi\n')],
    ['an empty file', 'video', Buffer.alloc(0)],
    ['three bytes', 'thumbnail', Buffer.from([0xff, 0xd8, 0xff])],
  ] as const)('refuses %s with 415 and keeps no temporary file', async (_label, kind, data) => {
    const error = await receive(data, kind).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(415);
    expect(await readdir(join(dir, '.incoming'))).toEqual([]);
  });

  it('refuses a file over the limit with 413 as it arrives', async () => {
    const error = await receive(sample.mp4(2048), 'video', 1024).catch((e: unknown) => e);
    expect((error as AppError).statusCode).toBe(413);
    expect(await readdir(join(dir, '.incoming'))).toEqual([]);
  });
});

describe.each(['local', 's3'] as const)('GET /media/* from the %s store', (store) => {
  let app: MediaTestApp;
  let url: string;
  let bucket: S3StandIn | undefined;
  const data = sample.mp4(10_000);
  beforeAll(async () => {
    bucket = store === 's3' ? await startS3StandIn() : undefined;
    app = await buildMediaTestApp(bucket ? s3Settings(bucket) : {});
    const res = await sendVideoForm(app, app.admin, {
      fields: { title: 'Seekable' },
      files: [videoFile(data)],
    });
    url = res.json().videoUrl;
  });
  afterAll(async () => {
    await app.close();
    await bucket?.close();
  });

  it('serves the whole file with its type, length, ranges and a long cache', async () => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-length']).toBe('10000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(data)).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=5000-5999', 5000, 5999],
    ['bytes=9990-', 9990, 9999],
    ['bytes=-10', 9990, 9999],
    ['bytes=9000-20000', 9000, 9999],
  ])('answers %s with 206 and exactly those bytes', async (range, start, end) => {
    const res = await app.inject({ url, headers: { range } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/10000`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload.equals(data.subarray(start, end + 1))).toBe(true);
  });

  it('answers 416 to a range past the end, naming the size', async () => {
    const res = await app.inject({ url, headers: { range: 'bytes=10000-10010' } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */10000');
  });

  it('answers HEAD with the length and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('10000');
    expect(res.body).toBe('');
  });

  it('answers a name it never stored with 404', async () => {
    const res = await app.inject('/media/00000000-0000-4000-8000-000000000000.mp4');
    expect(res.statusCode).toBe(404);
  });

  it('ignores a range that is not one well-formed range: the whole file', async () => {
    for (const range of ['bytes=0-1,5-6', 'items=0-1']) {
      const res = await app.inject({ url, headers: { range } });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.equals(data), range).toBe(true);
    }
  });
});

describe('GET /media/* from the local store', () => {
  let app: MediaTestApp;
  let url: string;
  beforeAll(async () => {
    app = await buildMediaTestApp();
    const res = await sendVideoForm(app, app.admin, {
      fields: { title: 'Seekable' },
      files: [videoFile(sample.mp4())],
    });
    url = res.json().videoUrl;
  });
  afterAll(() => app.close());

  it('never lists the directory, serves dot files, nor leaves it', async () => {
    const secret = 'database password';
    await writeFile(join(app.mediaDir, '..', 'secret.txt'), secret);
    await writeFile(join(app.mediaDir, '.incoming', 'leftover.part'), 'half a file');
    await writeFile(join(app.mediaDir, 'notes.txt'), 'not a stored name');
    for (const path of [
      '/media/',
      '/media',
      '/media/.incoming/leftover.part',
      '/media/.incoming/',
      '/media/notes.txt',
      '/media/../secret.txt',
      '/media/..%2fsecret.txt',
      '/media/%2e%2e/secret.txt',
      '/media/%2e%2e%2fsecret.txt',
      '/media/..%5csecret.txt',
      `/media/${url.slice('/media/'.length)}/..%2f..%2fsecret.txt`,
      '/media/%00.mp4',
    ]) {
      const res = await app.inject(path);
      expect([400, 403, 404], path).toContain(res.statusCode);
      expect(res.body, path).not.toContain(secret);
      expect(res.body, path).not.toContain('half a file');
      expect(res.body, path).not.toContain('not a stored name');
      expect(res.body, path).not.toContain('.mp4"');
    }
  });
});
