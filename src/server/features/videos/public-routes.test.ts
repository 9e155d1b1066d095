import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, videoComments } from '~/db/schema';
import { renderMail } from '~/server/services/mail/templates';
import { commentReceivedMessage } from './public-routes';
import {
  addComment,
  addVideo,
  buildMediaTestApp,
  type MediaTestApp,
} from '~/server/services/media/media-test-kit';

let app: MediaTestApp;
let published: { id: string };
let draft: { id: string };
const unknownId = '0b9a6c6e-57a5-4a55-9d7e-3f1f1d3c2b1a';
const hostile = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';

beforeAll(async () => {
  app = await buildMediaTestApp({ OFFICE_EMAIL: 'office@tziyun.test' });
  published = await addVideo(app, { title: 'Published teaching', isPublished: true });
  draft = await addVideo(app, { title: 'Draft teaching' });
});
afterAll(() => app.close());

async function drainOutbox() {
  while ((await app.jobWorker.runOnce()) > 0) {
    // until nothing is due
  }
}

function postComment(videoId: string, body: object, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/videos/${videoId}/comments`,
    payload: body,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

const valid = { authorName: 'Chana', authorEmail: 'Chana@Example.org', comment: 'Thank you!' };

describe('GET /api/videos', () => {
  it('lists published videos only, newest first, with the spec’s fields', async () => {
    const res = await app.inject('/api/videos');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.videos.map((v: { id: string }) => v.id);
    expect(ids).toContain(published.id);
    expect(ids).not.toContain(draft.id);
    expect(body).toMatchObject({ total: ids.length, limit: 12, offset: 0 });
    expect(Object.keys(body.videos[0]).sort()).toEqual(
      [
        'caption',
        'captionsUrl',
        'description',
        'duration',
        'fileSize',
        'id',
        'publishedAt',
        'thumbnailUrl',
        'title',
        'videoUrl',
      ].sort(),
    );
  });

  it('pages with limit and offset, and refuses bad ones', async () => {
    const second = await addVideo(app, { title: 'Second published', isPublished: true });
    const first = await app.inject('/api/videos?limit=1');
    expect(first.json().videos.map((v: { id: string }) => v.id)).toEqual([second.id]);
    const next = await app.inject('/api/videos?limit=1&offset=1');
    expect(next.json().videos.map((v: { id: string }) => v.id)).toEqual([published.id]);
    expect((await app.inject('/api/videos?limit=0')).statusCode).toBe(400);
    expect((await app.inject('/api/videos?limit=101')).statusCode).toBe(400);
    expect((await app.inject('/api/videos?offset=-1')).statusCode).toBe(400);
  });

  it('stops listing a video once it is unpublished', async () => {
    const video = await addVideo(app, { title: 'Soon hidden', isPublished: true });
    await app.inject({
      method: 'PUT',
      url: `/api/admin/videos/${video.id}`,
      headers: app.admin.headers,
      payload: { isPublished: false },
    });
    const ids = (await app.inject('/api/videos?limit=100'))
      .json()
      .videos.map((v: { id: string }) => v.id);
    expect(ids).not.toContain(video.id);
  });

  it('answers from memory until the library changes: the same JSON, an ETag and 304', async () => {
    const first = await app.inject('/api/videos?limit=100');
    const again = await app.inject('/api/videos?limit=100');
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers.etag).toBe(first.headers.etag);
    const held = await app.inject({
      url: '/api/videos?limit=100',
      headers: { 'if-none-match': first.headers.etag! },
    });
    expect(held.statusCode).toBe(304);
    await addVideo(app, { title: 'Newly published', isPublished: true });
    const changed = await app.inject({
      url: '/api/videos?limit=100',
      headers: { 'if-none-match': first.headers.etag! },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().videos[0].title).toBe('Newly published');
  });
});

describe('GET /api/videos/:id/comments', () => {
  it('shows approved comments only, oldest first, never with an email', async () => {
    const video = await addVideo(app, { title: 'With comments', isPublished: true });
    const first = await addComment(app, video.id, { comment: 'First approved' });
    await addComment(app, video.id, { comment: 'Still pending' });
    const second = await addComment(app, video.id, { comment: 'Second approved' });
    for (const id of [first, second]) {
      await app.inject({
        method: 'PUT',
        url: `/api/admin/comments/${id}/approve`,
        headers: app.admin.headers,
      });
    }
    const res = await app.inject(`/api/videos/${video.id}/comments`);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    expect(res.json().comments.map((c: { comment: string }) => c.comment)).toEqual([
      'First approved',
      'Second approved',
    ]);
    expect(res.body).not.toContain('miriam@example.org');
    expect(res.body).not.toContain('authorEmail');
  });

  it('answers 404 for an unknown or unpublished video, 400 for a malformed id', async () => {
    expect((await app.inject(`/api/videos/${unknownId}/comments`)).statusCode).toBe(404);
    expect((await app.inject(`/api/videos/${draft.id}/comments`)).statusCode).toBe(404);
    expect((await app.inject('/api/videos/42/comments')).statusCode).toBe(400);
  });
});

describe('POST /api/videos/:id/comments', () => {
  it('stores the comment as pending, as written, and says it awaits review', async () => {
    const res = await postComment(published.id, { ...valid, comment: `  ${hostile}  ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: commentReceivedMessage });
    const [row] = await app.database.db
      .select()
      .from(videoComments)
      .where(eq(videoComments.comment, hostile));
    expect(row).toMatchObject({
      authorName: 'Chana',
      authorEmail: 'chana@example.org',
      isApproved: false,
    });
    const visible = await app.inject(`/api/videos/${published.id}/comments`);
    expect(visible.body).not.toContain('__pwned');
  });

  it('queues the office’s email in the outbox, and it shows the markup as text', async () => {
    app.sentMail.length = 0;
    await postComment(published.id, { ...valid, comment: `Beautiful ${hostile}` });
    expect(await app.database.db.$count(jobs, eq(jobs.status, 'pending'))).toBeGreaterThan(0);
    await drainOutbox();
    const mail = app.sentMail.find((m) => m.text.includes('Beautiful'));
    expect(mail?.to).toBe('office@tziyun.test');
    expect(mail?.subject).toBe('New comment to review on “Published teaching”');
    expect(mail?.text).toContain(hostile);
    expect(mail?.text).toContain('https://tziyun.test/admin/videos?tab=moderate');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).not.toContain('<img src=x');
    expect(mail?.html).toContain('&lt;script&gt;');
  });

  it.each([
    ['authorName', { authorName: '   ' }, 'Name is required'],
    ['authorEmail', { authorEmail: '' }, 'Please enter a valid email address'],
    ['authorEmail', { authorEmail: 'not-an-email' }, 'Please enter a valid email address'],
    ['comment', { comment: ' \n ' }, 'Comment is required'],
    ['comment', { comment: 'x'.repeat(2001) }, 'Comment must be at most 2000 characters'],
    ['authorName', { authorName: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
  ])('refuses a bad %s', async (field, change, message) => {
    const before = await app.database.db.$count(videoComments);
    const res = await postComment(published.id, { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { [field]: message },
    });
    expect(await app.database.db.$count(videoComments)).toBe(before);
  });

  it('refuses missing fields all at once', async () => {
    const res = await postComment(published.id, {});
    expect(Object.keys(res.json().error.fields).sort()).toEqual([
      'authorEmail',
      'authorName',
      'comment',
    ]);
  });

  it('answers 404 for an unknown or unpublished video', async () => {
    expect((await postComment(unknownId, valid)).statusCode).toBe(404);
    expect((await postComment(draft.id, valid)).statusCode).toBe(404);
    expect((await postComment(draft.id, { ...valid, website: 'x' })).statusCode).toBe(404);
  });

  it('drops a comment whose honeypot is filled, answering as usual', async () => {
    const before = await app.database.db.$count(videoComments);
    const res = await postComment(published.id, { ...valid, website: 'http://spam.example' });
    expect(res.json()).toEqual({ message: commentReceivedMessage });
    expect(await app.database.db.$count(videoComments)).toBe(before);
  });
});

describe('rate limit on POST /api/videos/:id/comments', () => {
  it('answers 429 with Retry-After once an IP passes the limit', async () => {
    const limited = await buildMediaTestApp({ FORM_RATE_LIMIT: '2' });
    try {
      const video = await addVideo(limited, { isPublished: true });
      const send = (ip: string) =>
        limited.inject({
          method: 'POST',
          url: `/api/videos/${video.id}/comments`,
          payload: valid,
          remoteAddress: ip,
        });
      expect((await send('203.0.113.9')).statusCode).toBe(200);
      expect((await send('203.0.113.9')).statusCode).toBe(200);
      const third = await send('203.0.113.9');
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send('203.0.113.10')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the office’s mail template', () => {
  it('escapes the video title and the commenter’s name too', () => {
    const mail = renderMail(
      {
        site: app.siteConfig,
        publicUrl: 'https://tziyun.test',
      },
      'video-comment-notification',
      {
        videoTitle: 'A <b>title</b>',
        authorName: '<i>Name</i>',
        authorEmail: 'x@example.org',
        comment: 'Hi',
      },
    );
    expect(mail.html).toContain('A &lt;b&gt;title&lt;/b&gt;');
    expect(mail.html).toContain('&lt;i&gt;Name&lt;/i&gt;');
  });
});
