import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp } from '~tests/helpers/app';
import { signIn, type AdminSession } from '~tests/helpers/admin';
import {
  s3TestKeys,
  s3TestRegion,
  startS3StandIn,
  type S3StandIn,
} from '~tests/helpers/s3-stand-in';

/**
 * For the tests of what stores media (videos, photos, backups): an app with its own media
 * directory, a signed-in admin, sample files, and the forms that upload them.
 */

export type MediaTestApp = Awaited<ReturnType<typeof buildMediaTestApp>>;

export async function buildMediaTestApp(overrides: Parameters<typeof buildTestApp>[0] = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'tziyun-videos-'));
  const app = await buildTestApp({ DATA_DIR: dataDir, ...overrides }, (built) => {
    built.addHook('onClose', () => rm(dataDir, { recursive: true, force: true }));
  });
  const admin = await signIn(app);
  return Object.assign(app, { admin, mediaDir: join(dataDir, 'media') });
}

/**
 * A test file's (or describe block's) app for the media routes, built before its tests and closed
 * after them: files of 1 MB at the most, as `expectPhotoRefusals` expects. Read `app` inside tests.
 */
export function setUpMediaTestApp() {
  const started = {} as { app: MediaTestApp };
  beforeAll(async () => {
    started.app = await buildMediaTestApp({ MEDIA_MAX_MB: '1' });
  });
  afterAll(() => started.app.close());
  return started;
}

/** The settings of an app whose media are in the stand-in's bucket. */
export function s3Settings(bucket: S3StandIn) {
  return {
    MEDIA_STORE: 's3',
    S3_BUCKET: bucket.bucket,
    S3_ENDPOINT: bucket.endpoint,
    S3_REGION: s3TestRegion,
    S3_ACCESS_KEY_ID: s3TestKeys.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3TestKeys.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/**
 * A describe block's app with its media in a bucket of the S3 stand-in, both started before its
 * tests and closed after them. Read `app` and `bucket` inside the tests.
 */
export function setUpBucketApp() {
  const started = {} as { app: MediaTestApp; bucket: S3StandIn };
  beforeAll(async () => {
    started.bucket = await startS3StandIn();
    started.app = await buildMediaTestApp(s3Settings(started.bucket));
  });
  afterAll(async () => {
    await started.app.close();
    await started.bucket.close();
  });
  return started;
}

/** Bytes that start the way each accepted format starts, then `size` bytes in all. */
export const sample = {
  mp4: (size = 4096) =>
    fill(
      Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2')]),
      size,
    ),
  webm: (size = 4096) =>
    fill(
      Buffer.concat([
        Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
        Buffer.from('webm'),
      ]),
      size,
    ),
  png: (size = 512) => fill(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), size),
  jpeg: (size = 512) => fill(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), size),
  vtt: () => Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nShalom\n'),
  /** An HTML page with a video's name: refused, whatever it is called. */
  fake: () => Buffer.from('<!doctype html><script>alert(1)</script>'.padEnd(200, ' ')),
};

/** Counting bytes from the header on, so a range's content is easy to predict. */
function fill(head: Buffer, size: number) {
  const body = Buffer.alloc(size);
  head.copy(body);
  for (let i = head.length; i < size; i += 1) body[i] = i % 251;
  return body;
}

export interface UploadFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body, as a browser sends the video form. */
export function multipart(fields: Record<string, string>, files: UploadFile[] = []) {
  const boundary = `----tziyun${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\ncontent-type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A JPEG sent to one of the office's photo routes (field `file`), with `headers` (a session). */
export function postPhoto(app: MediaTestApp, url: string, data: Buffer, headers: object = {}) {
  const form = multipart({}, [
    { field: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', data },
  ]);
  return app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...headers, ...form.headers },
  });
}

/**
 * A photo route's refusals at the file field, in the photo feature's plain words (`messages`, its
 * photoMessages): a file that is not a photo (415), and one larger than the 1 MB of
 * `setUpMediaTestApp` (413).
 */
export async function expectPhotoRefusals(
  upload: (data: Buffer) => ReturnType<typeof postPhoto>,
  messages: { notAnImage: string; tooLarge: (megabytes: number) => string },
) {
  const text = await upload(Buffer.from('not a photo at all, just some words'));
  expect(text.statusCode).toBe(415);
  expect(text.json().error.fields).toEqual({ file: messages.notAnImage });
  const big = await upload(sample.jpeg(1024 * 1024 + 10));
  expect(big.statusCode).toBe(413);
  expect(big.json().error.fields).toEqual({ file: messages.tooLarge(1) });
}

export function videoFile(data: Buffer, filename = 'teaching.mp4', contentType = 'video/mp4') {
  return { field: 'videoFile', filename, contentType, data };
}

/** Sends the admin video form. */
export function sendVideoForm(
  app: MediaTestApp,
  session: AdminSession,
  body: { fields: Record<string, string>; files?: UploadFile[] },
  { method = 'POST', url = '/api/admin/videos' }: { method?: 'POST' | 'PUT'; url?: string } = {},
) {
  const form = multipart(body.fields, body.files);
  return app.inject({
    method,
    url,
    payload: form.payload,
    headers: { ...session.headers, ...form.headers },
  });
}

/** Adds a video through the API (JSON) and returns its answer. */
export async function addVideo(app: MediaTestApp, fields: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/videos',
    headers: app.admin.headers,
    payload: {
      title: 'Shalom Bayis',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      ...fields,
    },
  });
  if (res.statusCode !== 201) throw new Error(`addVideo: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; [key: string]: unknown };
}

/** Posts a visitor's comment and returns the stored comment's id (from the admin listing). */
export async function addComment(
  app: MediaTestApp,
  videoId: string,
  fields: Partial<{ authorName: string; authorEmail: string; comment: string }> = {},
) {
  const comment = fields.comment ?? `A comment ${Math.random().toString(36).slice(2)}`;
  const res = await app.inject({
    method: 'POST',
    url: `/api/videos/${videoId}/comments`,
    payload: { authorName: 'Miriam', authorEmail: 'miriam@example.org', ...fields, comment },
  });
  if (res.statusCode !== 200) throw new Error(`addComment: ${res.statusCode} ${res.body}`);
  const pending = await app.inject({
    url: '/api/admin/comments?status=pending&limit=100',
    headers: app.admin.headers,
  });
  const found = (pending.json().comments as { id: string; comment: string }[]).find(
    (c) => c.comment === comment,
  );
  return found!.id;
}
