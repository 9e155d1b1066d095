import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  s3TestKeys,
  s3TestRegion,
  startS3StandIn,
  type S3StandIn,
} from '~tests/helpers/s3-stand-in';
import { AppError } from '~/server/errors';
import { createS3MediaStore, singleRange, type S3Settings } from './s3-media-store';
import type { MediaTestApp } from './media-test-kit';
import {
  buildMediaTestApp,
  s3Settings,
  sample,
  sendVideoForm,
  setUpBucketApp,
  videoFile,
} from './media-test-kit';

const MB = 1024 * 1024;

/** A stream of `total` bytes in 1 MB chunks, made as it is read. */
function flowing(head: Buffer, total: number) {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const chunk =
        sent === 0 ? Buffer.concat([head, Buffer.alloc(MB - head.length, 1)]) : Buffer.alloc(MB, 2);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

describe('singleRange', () => {
  it('passes one well-formed byte range to S3 and drops anything else', () => {
    for (const range of ['bytes=0-99', 'bytes=10-', 'bytes=-10', ' bytes=5-5 ']) {
      expect(singleRange(range), range).toBe(range.trim());
    }
    for (const range of [undefined, '', 'bytes=-', 'bytes=9-1', 'bytes=0-1,4-5', 'items=0-1']) {
      expect(singleRange(range), range).toBeUndefined();
    }
  });
});

describe('the S3 media store', () => {
  let bucket: S3StandIn;
  let settings: S3Settings;
  beforeAll(async () => {
    bucket = await startS3StandIn();
    settings = {
      bucket: bucket.bucket,
      endpoint: bucket.endpoint,
      region: s3TestRegion,
      ...s3TestKeys,
      forcePathStyle: true,
      prefix: 'site/media/',
    };
  });
  afterAll(() => bucket.close());

  it('streams a large upload in parts under its prefix, and reads, lists and removes it', async () => {
    const store = createS3MediaStore(settings);
    const file = await store.receive(flowing(sample.mp4(64), 20 * MB), 'video', 30 * MB);
    expect(file).toMatchObject({ contentType: 'video/mp4', size: 20 * MB });
    // Three parts of 8 MB at most: never the whole file in one request (nor in memory).
    const parts = bucket.requests.filter((r) => /^PUT .*partNumber=/.test(r));
    expect(parts).toHaveLength(3);
    expect(parts[0]).toContain(`/${bucket.bucket}/site/media/${file.name}?`);
    await store.keep(file);
    expect(await store.list()).toEqual([file.name]);
    let bytes = 0;
    for await (const chunk of await store.read(file.name)) bytes += (chunk as Buffer).length;
    expect(bytes).toBe(20 * MB);
    await store.remove([file.name, file.name]);
    expect(await store.list()).toEqual([]);
    store.close();
  });

  it('keeps no object when an upload is refused by type or by size on the way', async () => {
    const store = createS3MediaStore(settings);
    const wrongType = await store
      .receive(Readable.from([sample.fake()]), 'video', MB)
      .catch((e) => e);
    expect(wrongType).toMatchObject({ statusCode: 415 });
    const before = bucket.requests.length;
    const tooLarge = await store
      .receive(flowing(sample.mp4(64), 20 * MB), 'video', 12 * MB)
      .catch((e: unknown) => e);
    expect(tooLarge).toMatchObject({ statusCode: 413 });
    // The multipart upload it had begun is aborted, its parts gone.
    expect(bucket.requests.slice(before).some((r) => /^DELETE .*uploadId=/.test(r))).toBe(true);
    expect(await store.list()).toEqual([]);
    store.close();
  });

  it('writes and reads a file as it is (a restore)', async () => {
    const store = createS3MediaStore(settings);
    const name = '0b9a6c6e-57a5-4a55-9d7e-3f1f1d3c2b1a.vtt';
    await store.write(name, Readable.from([sample.vtt()]));
    expect(await text(await store.read(name))).toBe(sample.vtt().toString());
    await expect(store.write('../escape.vtt', Readable.from(['x']))).rejects.toThrow(AppError);
    await store.remove([name]);
    await expect(store.read(name)).rejects.toMatchObject({ statusCode: 404 });
    store.close();
  });

  it('is refused by the stand-in with a wrong secret, as S3 would: a plain 503', async () => {
    const store = createS3MediaStore({ ...settings, secretAccessKey: 'not-the-secret' });
    const error = await store.receive(Readable.from([sample.mp4()]), 'video', MB).catch((e) => e);
    expect(error).toMatchObject({ statusCode: 503, code: 'unavailable' });
    expect((error as AppError).message).toBe(
      'The file was not saved. The media storage did not answer; please try again in a few minutes.',
    );
    expect(bucket.refusals).toContain('SignatureDoesNotMatch');
    store.close();
  });
});

describe('videos with media in a bucket', () => {
  const s3 = setUpBucketApp();

  it('uploads, plays and deletes a video, its object going with it', async () => {
    const { app, bucket } = s3;
    const data = sample.mp4(50_000);
    const created = await sendVideoForm(app, app.admin, {
      fields: { title: 'In the bucket', isPublished: 'true' },
      files: [videoFile(data)],
    });
    expect(created.statusCode).toBe(201);
    const { id, videoUrl } = created.json() as { id: string; videoUrl: string };
    expect(videoUrl).toMatch(/^\/media\/[0-9a-f-]{36}\.mp4$/);
    const played = await app.inject({ url: videoUrl, headers: { range: 'bytes=100-199' } });
    expect(played.statusCode).toBe(206);
    expect(played.rawPayload.equals(data.subarray(100, 200))).toBe(true);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/admin/videos/${id}`,
      headers: app.admin.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await app.inject(videoUrl)).statusCode).toBe(404);
    expect(bucket.requests.some((r) => r.startsWith(`DELETE /${bucket.bucket}/`))).toBe(true);
  });

  it('answers If-None-Match with 304 from the stored ETag', async () => {
    const { app } = s3;
    const created = await sendVideoForm(app, app.admin, {
      fields: { title: 'Cached' },
      files: [videoFile(sample.mp4())],
    });
    const { videoUrl } = created.json() as { videoUrl: string };
    const first = await app.inject(videoUrl);
    expect(first.headers.etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await app.inject({
      url: videoUrl,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('videos when the bucket cannot be reached', () => {
  let app: MediaTestApp;
  beforeAll(async () => {
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    app = await buildMediaTestApp({ ...s3Settings({ endpoint, bucket: 'gone' } as S3StandIn) });
  });
  afterAll(() => app.close());

  it('refuses an upload with a plain 503, naming nothing inside, and keeps no row', async () => {
    const res = await sendVideoForm(app, app.admin, {
      fields: { title: 'Nowhere to go' },
      files: [videoFile(sample.mp4())],
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: {
        code: 'unavailable',
        message:
          'The file was not saved. The media storage did not answer; please try again in a few minutes.',
      },
    });
    const list = await app.inject({ url: '/api/admin/videos', headers: app.admin.headers });
    expect(list.json().videos).toEqual([]);
  });

  it('answers a visitor playing a video with a plain 503', async () => {
    const res = await app.inject('/media/0b9a6c6e-57a5-4a55-9d7e-3f1f1d3c2b1a.mp4');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(
      'The file could not be read. The media storage did not answer; please try again in a few minutes.',
    );
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack/);
  });
});
