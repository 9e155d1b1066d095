import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAuditLog, videoComments, videos } from '~/db/schema';
import { auditEntries, itRefusesWithoutSessionOrToken, signIn } from '~tests/helpers/admin';
import {
  addComment,
  addVideo,
  setUpMediaTestApp,
  sample,
  sendVideoForm,
  videoFile,
} from '~/server/services/media/media-test-kit';

const media = setUpMediaTestApp();

const youtube = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const storedFiles = async () =>
  existsSync(media.app.mediaDir)
    ? (await readdir(media.app.mediaDir)).filter((f) => !f.startsWith('.'))
    : [];
const incomingFiles = async () => {
  const dir = join(media.app.mediaDir, '.incoming');
  return existsSync(dir) ? readdir(dir) : [];
};

describe('admin video calls need a session and, to change anything, the CSRF token', () => {
  const calls = [
    ['GET', '/api/admin/videos'],
    ['POST', '/api/admin/videos'],
    ['PUT', '/api/admin/videos/0b9a6c6e-57a5-4a55-9d7e-3f1f1d3c2b1a'],
    ['DELETE', '/api/admin/videos/0b9a6c6e-57a5-4a55-9d7e-3f1f1d3c2b1a'],
    ['GET', '/api/admin/comments'],
    ['PUT', '/api/admin/comments/0b9a6c6e-57a5-4a55-9d7e-3f1f1d3c2b1a/approve'],
    ['DELETE', '/api/admin/comments/0b9a6c6e-57a5-4a55-9d7e-3f1f1d3c2b1a'],
  ] as const;

  itRefusesWithoutSessionOrToken(
    () => media.app,
    () => media.app.admin.cookie,
    calls,
    { title: 'x', videoUrl: youtube },
  );

  it('refuses an upload without the token before reading its files', async () => {
    const res = await sendVideoForm(
      media.app,
      { ...media.app.admin, headers: { ...media.app.admin.headers, 'x-csrf-token': 'wrong' } },
      { fields: { title: 'No token' }, files: [videoFile(sample.mp4())] },
    );
    expect(res.statusCode).toBe(403);
    expect(await incomingFiles()).toEqual([]);
  });
});

describe('POST /api/admin/videos as JSON (the spec’s call)', () => {
  it('adds a draft with a YouTube link; uploadedBy is the signed-in admin, not the body’s', async () => {
    const res = await media.app.inject({
      method: 'POST',
      url: '/api/admin/videos',
      headers: media.app.admin.headers,
      payload: {
        title: '  Emunah in Hard Times  ',
        description: 'A talk on trust.',
        caption: '',
        videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
        thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
        fileSize: '',
        duration: '754',
        uploadedBy: 1,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Emunah in Hard Times',
      description: 'A talk on trust.',
      caption: null,
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      fileSize: null,
      duration: 754,
      isPublished: false,
      publishedAt: null,
      source: 'link',
      uploadedBy: { id: media.app.admin.user.id, username: media.app.admin.user.username },
      comments: { pending: 0, approved: 0 },
    });
    const [audit] = await auditEntries(media.app, 'video-created');
    expect(audit).toMatchObject({
      actorId: media.app.admin.user.id,
      target: `video:${res.json().id}`,
    });
  });

  it('takes numbers and null as JSON sends them, and can publish at once', async () => {
    const video = await addVideo(media.app, {
      title: 'Published now',
      videoUrl: 'https://vimeo.com/76979871',
      fileSize: 1048576,
      duration: null,
      isPublished: true,
    });
    expect(video).toMatchObject({ fileSize: 1048576, duration: null, isPublished: true });
    expect(video.publishedAt).toEqual(expect.any(String));
  });

  it.each([
    ['title', { title: '   ' }, 'Title is required'],
    ['title', { title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
    [
      'videoUrl',
      { videoUrl: '' },
      'Video URL is required: give a YouTube or Vimeo link, or choose a video file',
    ],
    [
      'videoUrl',
      { videoUrl: 'https://example.org/video.mp4' },
      'Video URL must be a YouTube or Vimeo link; upload other videos as a file',
    ],
    ['videoUrl', { videoUrl: 'javascript:alert(1)' }, expect.stringContaining('YouTube or Vimeo')],
    [
      'thumbnailUrl',
      { thumbnailUrl: 'https://tracker.example/pixel.png' },
      expect.stringContaining('i.ytimg.com'),
    ],
    ['thumbnailUrl', { thumbnailUrl: 'http://i.ytimg.com/vi/x/0.jpg' }, expect.any(String)],
    ['fileSize', { fileSize: '12.5' }, 'File size must be a whole number of bytes'],
    ['fileSize', { fileSize: -1 }, 'File size must be a whole number of bytes'],
    ['duration', { duration: 'ten' }, 'Duration must be a whole number of seconds'],
    ['isPublished', { isPublished: 'yes' }, 'Must be true or false'],
  ])('refuses a bad %s', async (field, change, message) => {
    const before = await media.app.database.db.$count(videos);
    const res = await media.app.inject({
      method: 'POST',
      url: '/api/admin/videos',
      headers: media.app.admin.headers,
      payload: { title: 'A title', videoUrl: youtube, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { [field]: message },
    });
    expect(await media.app.database.db.$count(videos)).toBe(before);
  });

  it('refuses a body that is not an object, and other content types', async () => {
    const sendRaw = (contentType: string, payload: string) =>
      media.app.inject({
        method: 'POST',
        url: '/api/admin/videos',
        headers: { ...media.app.admin.headers, 'content-type': contentType },
        payload,
      });
    const list = await sendRaw('application/json', '[1,2]');
    expect(list.statusCode).toBe(400);
    const text = await sendRaw('text/plain', 'title=x');
    expect(text.statusCode).toBe(415);
  });
});

describe('POST /api/admin/videos with files', () => {
  it('stores the video and thumbnail by content, measures the size and serves them', async () => {
    // Larger than the 64 KB JSON body limit: uploads stream past it.
    const data = sample.mp4(300_000);
    const res = await sendVideoForm(media.app, media.app.admin, {
      fields: { title: 'Uploaded teaching', duration: '65', fileSize: '1', isPublished: 'true' },
      files: [
        // Names and browser types are ignored: the bytes decide.
        videoFile(data, 'clip.bin', 'application/octet-stream'),
        {
          field: 'thumbnailFile',
          filename: 'thumb',
          contentType: 'text/plain',
          data: sample.png(),
        },
        { field: 'captionsFile', filename: 'en.vtt', contentType: 'text/vtt', data: sample.vtt() },
      ],
    });
    expect(res.statusCode).toBe(201);
    const video = res.json();
    expect(video).toMatchObject({
      source: 'file',
      fileSize: 300_000,
      duration: 65,
      isPublished: true,
      videoUrl: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\.mp4$/),
      thumbnailUrl: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\.png$/),
      captionsUrl: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\.vtt$/),
    });
    const served = await media.app.inject(video.videoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload.equals(data)).toBe(true);
    expect((await media.app.inject(video.thumbnailUrl)).headers['content-type']).toBe('image/png');
    expect((await media.app.inject(video.captionsUrl)).headers['content-type']).toContain(
      'text/vtt',
    );
    expect(await incomingFiles()).toEqual([]);
  });

  it('takes WebM too, and ignores an empty file input', async () => {
    const res = await sendVideoForm(media.app, media.app.admin, {
      fields: { title: 'WebM teaching' },
      files: [
        videoFile(sample.webm(), 'talk.webm', 'video/webm'),
        {
          field: 'thumbnailFile',
          filename: '',
          contentType: 'application/octet-stream',
          data: Buffer.alloc(0),
        },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().videoUrl).toMatch(/\.webm$/);
    expect(res.json().thumbnailUrl).toBeNull();
  });

  it('refuses a file over MEDIA_MAX_MB with 413 and keeps nothing', async () => {
    const before = await storedFiles();
    const res = await sendVideoForm(media.app, media.app.admin, {
      fields: { title: 'Too large' },
      files: [videoFile(sample.mp4(1024 * 1024 + 10))],
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      code: 'payload_too_large',
      message: 'The video file is larger than the 1 MB limit.',
    });
    expect(await storedFiles()).toEqual(before);
    expect(await incomingFiles()).toEqual([]);
  });

  it('refuses a file whose content is not a video (or image) with 415, whatever its name', async () => {
    const before = await media.app.database.db.$count(videos);
    const fake = await sendVideoForm(media.app, media.app.admin, {
      fields: { title: 'Fake' },
      files: [videoFile(sample.fake(), 'teaching.mp4', 'video/mp4')],
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error).toEqual({
      code: 'unsupported_media_type',
      message: 'The video file must be an MP4, WebM or Ogg video.',
    });
    const image = await sendVideoForm(media.app, media.app.admin, {
      fields: { title: 'Image as video' },
      files: [videoFile(sample.png(), 'still.mp4')],
    });
    expect(image.statusCode).toBe(415);
    const thumbnail = await sendVideoForm(media.app, media.app.admin, {
      fields: { title: 'Video as thumbnail', videoUrl: youtube },
      files: [
        { field: 'thumbnailFile', filename: 'x.png', contentType: 'image/png', data: sample.mp4() },
      ],
    });
    expect(thumbnail.statusCode).toBe(415);
    expect(thumbnail.json().error.message).toBe('The thumbnail must be a JPEG, PNG or WebP image.');
    expect(await media.app.database.db.$count(videos)).toBe(before);
    expect(await incomingFiles()).toEqual([]);
  });

  it('removes the received files when the fields are refused', async () => {
    const before = await storedFiles();
    const res = await sendVideoForm(media.app, media.app.admin, {
      fields: { title: '' },
      files: [videoFile(sample.mp4())],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ title: 'Title is required' });
    const both = await sendVideoForm(media.app, media.app.admin, {
      fields: { title: 'Both', videoUrl: youtube },
      files: [videoFile(sample.mp4())],
    });
    expect(both.json().error.fields.videoUrl).toBe(
      'Give a video URL or choose a video file, not both',
    );
    expect(await storedFiles()).toEqual(before);
    expect(await incomingFiles()).toEqual([]);
  });

  it('refuses unknown file fields and a second video', async () => {
    const other = await sendVideoForm(media.app, media.app.admin, {
      fields: { title: 'Odd' },
      files: [{ field: 'avatar', filename: 'a.png', contentType: 'image/png', data: sample.png() }],
    });
    expect(other.statusCode).toBe(400);
    const twice = await sendVideoForm(media.app, media.app.admin, {
      fields: { title: 'Twice' },
      files: [videoFile(sample.mp4()), videoFile(sample.mp4())],
    });
    expect(twice.statusCode).toBe(400);
    expect(await incomingFiles()).toEqual([]);
  });

  it('answers a form cut off before its end with a 400, keeping nothing', async () => {
    const res = await media.app.inject({
      method: 'POST',
      url: '/api/admin/videos',
      payload: Buffer.concat([
        Buffer.from(
          '--x\r\ncontent-disposition: form-data; name="videoFile"; filename="a.mp4"\r\n\r\n',
        ),
        sample.mp4(),
      ]),
      headers: { ...media.app.admin.headers, 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/did not arrive whole/);
    expect(await incomingFiles()).toEqual([]);
  });
});

describe('GET /api/admin/videos', () => {
  it('lists drafts and published videos with comment counts and the upload limit', async () => {
    const draft = await addVideo(media.app, { title: 'Draft listed' });
    const res = await media.app.inject({
      url: '/api/admin/videos',
      headers: media.app.admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.maxUploadMb).toBe(1);
    expect(body.total).toBeGreaterThan(0);
    expect(body.videos.find((v: { id: string }) => v.id === draft.id)).toMatchObject({
      isPublished: false,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('PUT /api/admin/videos/:id', () => {
  it('publishes (setting publishedAt) and unpublishes (clearing it), audited', async () => {
    const video = await addVideo(media.app);
    const put = (payload: object) =>
      media.app.inject({
        method: 'PUT',
        url: `/api/admin/videos/${video.id}`,
        headers: media.app.admin.headers,
        payload,
      });
    const published = await put({ isPublished: true });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ isPublished: true, publishedAt: expect.any(String) });
    const unpublished = await put({ isPublished: false });
    expect(unpublished.json()).toMatchObject({ isPublished: false, publishedAt: null });
    const audits = await media.app.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target, `video:${video.id}`));
    expect(audits.filter((a) => a.action === 'publish').map((a) => a.details)).toEqual([
      { title: 'Shalom Bayis', published: true },
      { title: 'Shalom Bayis', published: false },
    ]);
  });

  it('edits fields; left-out fields stay; blank clears', async () => {
    const video = await addVideo(media.app, { description: 'Old', caption: 'Keep me' });
    const res = await media.app.inject({
      method: 'PUT',
      url: `/api/admin/videos/${video.id}`,
      headers: media.app.admin.headers,
      payload: { title: 'New title', description: '', duration: 90 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'New title',
      description: null,
      caption: 'Keep me',
      duration: 90,
      videoUrl: youtube,
    });
    const bad = await media.app.inject({
      method: 'PUT',
      url: `/api/admin/videos/${video.id}`,
      headers: media.app.admin.headers,
      payload: { title: '' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('replaces a stored file with a new one or a link, removing the old file', async () => {
    const created = await sendVideoForm(media.app, media.app.admin, {
      fields: { title: 'To replace' },
      files: [videoFile(sample.mp4(3000))],
    });
    const first = created.json();
    const firstName = first.videoUrl.replace('/media/', '');
    expect(await storedFiles()).toContain(firstName);

    const replaced = await sendVideoForm(
      media.app,
      media.app.admin,
      {
        fields: {},
        files: [
          videoFile(sample.webm(2000), 'b.webm'),
          {
            field: 'thumbnailFile',
            filename: 't.jpg',
            contentType: 'image/jpeg',
            data: sample.jpeg(),
          },
        ],
      },
      { method: 'PUT', url: `/api/admin/videos/${first.id}` },
    );
    expect(replaced.statusCode).toBe(200);
    const second = replaced.json();
    expect(second).toMatchObject({ fileSize: 2000, title: 'To replace' });
    expect(second.thumbnailUrl).toMatch(/\.jpg$/);
    const stored = await storedFiles();
    expect(stored).not.toContain(firstName);
    expect(stored).toContain(second.videoUrl.replace('/media/', ''));

    const linked = await media.app.inject({
      method: 'PUT',
      url: `/api/admin/videos/${first.id}`,
      headers: media.app.admin.headers,
      payload: { videoUrl: youtube, thumbnailUrl: null },
    });
    expect(linked.json()).toMatchObject({
      source: 'link',
      videoUrl: youtube,
      fileSize: null,
      thumbnailUrl: null,
    });
    const after = await storedFiles();
    expect(after).not.toContain(second.videoUrl.replace('/media/', ''));
    expect(after).not.toContain(second.thumbnailUrl.replace('/media/', ''));
  });

  it('answers 404 for an unknown video and 400 for a malformed id', async () => {
    const publish = (id: string) =>
      media.app.inject({
        method: 'PUT',
        url: `/api/admin/videos/${id}`,
        headers: media.app.admin.headers,
        payload: { isPublished: true },
      });
    expect((await publish('0b9a6c6e-57a5-4a55-9d7e-3f1f1d3c2b1a')).statusCode).toBe(404);
    expect((await publish('12')).statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/videos/:id', () => {
  it('deletes the video, its comments and its stored files', async () => {
    const created = await sendVideoForm(media.app, media.app.admin, {
      fields: { title: 'To delete', isPublished: 'true' },
      files: [
        videoFile(sample.mp4()),
        { field: 'thumbnailFile', filename: 't.png', contentType: 'image/png', data: sample.png() },
      ],
    });
    const video = created.json();
    await addComment(media.app, video.id);
    const names = [video.videoUrl, video.thumbnailUrl].map((u: string) => u.replace('/media/', ''));
    const res = await media.app.inject({
      method: 'DELETE',
      url: `/api/admin/videos/${video.id}`,
      headers: media.app.admin.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(
      await media.app.database.db.$count(videoComments, eq(videoComments.videoId, video.id)),
    ).toBe(0);
    const stored = await storedFiles();
    for (const name of names) expect(stored).not.toContain(name);
    expect((await media.app.inject(video.videoUrl)).statusCode).toBe(404);
    const again = await media.app.inject({
      method: 'DELETE',
      url: `/api/admin/videos/${video.id}`,
      headers: media.app.admin.headers,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('comment moderation', () => {
  it('lists pending comments with their video and email, approves and deletes them', async () => {
    const video = await addVideo(media.app, { title: 'Moderated', isPublished: true });
    const id = await addComment(media.app, video.id, { comment: 'Beautiful words' });
    const pending = await media.app.inject({
      url: '/api/admin/comments',
      headers: media.app.admin.headers,
    });
    expect(pending.json().comments.find((c: { id: string }) => c.id === id)).toMatchObject({
      videoId: video.id,
      videoTitle: 'Moderated',
      authorName: 'Miriam',
      authorEmail: 'miriam@example.org',
      comment: 'Beautiful words',
      isApproved: false,
    });

    const approve = () =>
      media.app.inject({
        method: 'PUT',
        url: `/api/admin/comments/${id}/approve`,
        headers: media.app.admin.headers,
      });
    expect((await approve()).json()).toMatchObject({ id, isApproved: true });
    expect((await approve()).statusCode).toBe(200);
    const approved = await media.app.inject({
      url: '/api/admin/comments?status=approved',
      headers: media.app.admin.headers,
    });
    expect(approved.json().comments.map((c: { id: string }) => c.id)).toContain(id);
    const stillPending = await media.app.inject({
      url: '/api/admin/comments',
      headers: media.app.admin.headers,
    });
    expect(stillPending.json().comments.map((c: { id: string }) => c.id)).not.toContain(id);
    expect(
      await media.app.database.db.$count(
        adminAuditLog,
        eq(adminAuditLog.action, 'comment-approved'),
      ),
    ).toBe(1);

    const removed = await media.app.inject({
      method: 'DELETE',
      url: `/api/admin/comments/${id}`,
      headers: media.app.admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await approve()).statusCode).toBe(404);
  });

  it('refuses a bad status filter', async () => {
    const res = await media.app.inject({
      url: '/api/admin/comments?status=spam',
      headers: media.app.admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Status must be pending or approved');
  });

  it('lets any administrator moderate, not only owners', async () => {
    const plain = await signIn(media.app, { role: 'admin' });
    const res = await media.app.inject({ url: '/api/admin/comments', headers: plain.headers });
    expect(res.statusCode).toBe(200);
  });
});

describe('a stored file’s bytes', () => {
  it('are kept exactly as sent', async () => {
    const data = sample.webm(7777);
    const res = await sendVideoForm(media.app, media.app.admin, {
      fields: { title: 'Exact bytes' },
      files: [videoFile(data, 'x.webm', 'video/webm')],
    });
    const name = res.json().videoUrl.replace('/media/', '');
    expect((await readFile(join(media.app.mediaDir, name))).equals(data)).toBe(true);
  });
});
