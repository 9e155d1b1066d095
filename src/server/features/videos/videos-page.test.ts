import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVideo, buildVideoTestApp, type TestApp } from './video-test-kit';

let app: TestApp;
beforeAll(async () => {
  app = await buildVideoTestApp();
});
afterAll(() => app.close());

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

const pageData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(html)![1]!);

describe('/videos rendered on the server', () => {
  it('shows the empty state while nothing is published', async () => {
    const res = await app.inject('/videos');
    expect(res.statusCode).toBe(200);
    expect(text(res.body)).toContain('No Videos Available');
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
    const visible = text(res.body);
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
    const first = text((await app.inject('/videos')).body);
    expect(first).toContain('Page 1 of 2');
    expect(first).toContain('Older videos');
    const second = await app.inject('/videos?page=2');
    expect(text(second.body)).toContain('Page 2 of 2');
    expect(text(second.body)).toContain('Newer videos');
    expect(pageData(second.body)).toMatchObject({ search: 'page=2', data: { offset: 12 } });
    expect(text((await app.inject('/videos?page=x')).body)).toContain('Page 1 of 2');
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
