import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, videoComments } from '~/db/schema';
import { videoLimits } from '~/shared/schemas/videos';
import { pageData, postPageForm, visibleText } from '~tests/helpers/page-forms';
import { videoGoneMessage } from './post-comment';
import { commentReceivedMessage } from './public-routes';
import {
  addComment,
  addVideo,
  buildMediaTestApp,
  type MediaTestApp,
} from '~/server/services/media/media-test-kit';

let app: MediaTestApp;
beforeAll(async () => {
  app = await buildMediaTestApp();
});
afterAll(() => app.close());

describe('/videos rendered on the server', () => {
  it('shows the empty state while nothing is published', async () => {
    const res = await app.inject('/videos');
    expect(res.statusCode).toBe(200);
    expect(visibleText(res.body)).toContain('No Videos Available');
    expect(pageData(res.body)).toMatchObject({ path: '/videos', data: { videos: [], total: 0 } });
  });

  it('shows published videos with their details, never drafts, and hydrates from the same data', async () => {
    const video = await addVideo(app, {
      title: 'Teshuvah </script><script>alert(1)</script>',
      caption: 'Elul 5785',
      description: 'On returning.',
      fileSize: 12_897_485,
      duration: 754,
      isPublished: true,
    });
    await addVideo(app, { title: 'A secret draft' });
    const res = await app.inject('/videos');
    const visible = visibleText(res.body);
    for (const phrase of ['Elul 5785', 'On returning.', '12.3 MB', '12:34', 'Comments']) {
      expect(visible, phrase).toContain(phrase);
    }
    expect(visible).toMatch(/[A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(visible).not.toContain('A secret draft');
    expect(visible).not.toContain('No Videos Available');
    // The title is text in the page and data in the JSON block: it can close neither.
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('Teshuvah &lt;/script&gt;');
    expect(pageData(res.body).data.videos[0]).toMatchObject({ id: video.id, duration: 754 });
    // A YouTube video shows a link to play, not the provider's frame, before any press.
    expect(res.body).not.toContain('<iframe');
    expect(res.body).toContain('(loads the YouTube player)');
  });

  it('pages once there are more than twelve', async () => {
    for (let i = 0; i < 12; i += 1)
      await addVideo(app, { title: `Series part ${i}`, isPublished: true });
    const first = visibleText((await app.inject('/videos')).body);
    expect(first).toContain('Page 1 of 2');
    expect(first).toContain('Older videos');
    const second = await app.inject('/videos?page=2');
    expect(visibleText(second.body)).toContain('Page 2 of 2');
    expect(visibleText(second.body)).toContain('Newer videos');
    expect(pageData(second.body)).toMatchObject({ search: 'page=2', data: { offset: 12 } });
    expect(visibleText((await app.inject('/videos?page=x')).body)).toContain('Page 1 of 2');
  });

  it('allows the embeds’ players and thumbnails on /videos and nowhere else', async () => {
    const csp = String((await app.inject('/videos')).headers['content-security-policy']);
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com');
    expect(csp).toContain("img-src 'self' data: https://i.ytimg.com https://i.vimeocdn.com");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("media-src 'self'");
    expect(csp).not.toContain('youtube.com ');
    for (const path of [
      '/',
      '/donate',
      '/contact',
      '/checkout?amount=36&type=onetime',
      '/api/videos',
    ]) {
      const other = String((await app.inject(path)).headers['content-security-policy']);
      expect(other, path).not.toContain('youtube');
      expect(other, path).not.toContain('vimeo');
    }
  });
});

/** A comment approved by the office, through the admin API. */
async function approvedComment(videoId: string, fields: { authorName?: string; comment: string }) {
  const id = await addComment(app, videoId, fields);
  const res = await app.inject({
    method: 'PUT',
    url: `/api/admin/comments/${id}/approve`,
    headers: app.admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return id;
}

const commentsOf = (videoId: string) =>
  app.database.db.select().from(videoComments).where(eq(videoComments.videoId, videoId));

describe('comments without JavaScript', () => {
  it('renders each video’s first approved comments in the page, never pending ones or emails', async () => {
    const video = await addVideo(app, { title: 'Bitachon', isPublished: true });
    for (let i = 1; i <= videoLimits.pageCommentsPerVideo + 2; i += 1) {
      await approvedComment(video.id, {
        authorName: `Reader ${i}`,
        comment: `Thought number ${i}`,
      });
    }
    await addComment(app, video.id, { comment: 'Still waiting for review' });

    const res = await app.inject('/videos');
    const visible = visibleText(res.body);
    expect(visible).toContain('Thought number 1 ');
    expect(visible).toContain(`Thought number ${videoLimits.pageCommentsPerVideo} `);
    expect(visible).not.toContain(`Thought number ${videoLimits.pageCommentsPerVideo + 1} `);
    expect(visible).not.toContain('Still waiting for review');
    expect(res.body).not.toContain('miriam@example.org');
    // The disclosure opens without scripts; the same comments hydrate the page.
    expect(res.body).toContain(`<details id="comments-${video.id}"`);
    const listing = pageData(res.body).data.comments[video.id];
    expect(listing.total).toBe(videoLimits.pageCommentsPerVideo + 2);
    expect(listing.comments).toHaveLength(videoLimits.pageCommentsPerVideo);
    expect(listing.comments[0]).toEqual({
      id: expect.any(String),
      authorName: 'Reader 1',
      comment: 'Thought number 1',
      createdAt: expect.any(String),
    });
  });

  it('stores a posted comment as pending with the office’s mail, then says so under its video', async () => {
    const video = await addVideo(app, { title: 'Emunah', isPublished: true });
    const res = await postPageForm(app, '/videos?page=1', {
      _form: 'comment',
      videoId: video.id,
      authorName: 'Yehudis',
      authorEmail: 'yehudis@example.org',
      comment: 'Thank you for this teaching.',
      website: '',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `/videos?page=1&sent=comment&video=${video.id}#comments-${video.id}`,
    );
    const [stored] = await commentsOf(video.id);
    expect(stored).toMatchObject({
      authorName: 'Yehudis',
      authorEmail: 'yehudis@example.org',
      comment: 'Thank you for this teaching.',
      isApproved: false,
    });
    const mails = await app.database.db
      .select()
      .from(jobs)
      .where(like(jobs.idempotencyKey, `%video-comment:${stored!.id}:office%`));
    expect(mails).toHaveLength(1);

    const done = await app.inject(res.headers.location as string);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(`<details id="comments-${video.id}" open=""`);
    expect(visibleText(done.body)).toContain(`Comment Submitted ${commentReceivedMessage}`);
  });

  it('comes back open under its video with each field’s message and what was typed, storing nothing', async () => {
    const video = await addVideo(app, { title: 'Simcha', isPublished: true });
    const res = await postPageForm(app, '/videos', {
      _form: 'comment',
      videoId: video.id,
      authorName: '',
      authorEmail: 'not-an-email',
      comment: '<i>hi</i>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(`<details id="comments-${video.id}" open=""`);
    expect(res.body).toContain('Name is required');
    expect(res.body).toContain('Please enter a valid email address');
    expect(res.body).toContain('value="not-an-email"');
    expect(res.body).toContain('&lt;i&gt;hi&lt;/i&gt;');
    expect(await commentsOf(video.id)).toHaveLength(0);
  });

  it('refuses a comment on a draft or unknown video in plain words, storing nothing', async () => {
    const draft = await addVideo(app, { title: 'Not yet out' });
    for (const videoId of [draft.id, 'not-a-video']) {
      const res = await postPageForm(app, '/videos', {
        _form: 'comment',
        videoId,
        authorName: 'Chaim',
        authorEmail: 'chaim@example.org',
        comment: 'A comment on nothing.',
      });
      expect(res.statusCode, videoId).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, videoId).toBeLessThan(500);
      expect(res.headers['content-type']).toContain('text/html');
      expect(visibleText(res.body)).toContain(videoGoneMessage);
    }
    expect(await commentsOf(draft.id)).toHaveLength(0);
  });

  it('drops a filled honeypot silently, as the API does', async () => {
    const video = await addVideo(app, { title: 'Honeypot', isPublished: true });
    const res = await postPageForm(app, '/videos', {
      _form: 'comment',
      videoId: video.id,
      authorName: 'Bot',
      authorEmail: 'bot@example.org',
      comment: 'Cheap things for sale.',
      website: 'https://spam.example',
    });
    expect(res.statusCode).toBe(303);
    expect(await commentsOf(video.id)).toHaveLength(0);
  });
});
