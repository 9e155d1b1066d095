import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/client';
import { videos } from '~/db/schema';
import { signIn, type AdminSession } from '~tests/helpers/admin';
import { buildTestApp } from '~tests/helpers/app';
import { createTestDatabase, secondConnection } from '~tests/helpers/database';

/**
 * Public pages and reads are kept in memory per content version (ADR 029). Two app instances on
 * one database, as behind a load balancer: what the office changes on one reaches the office's
 * very next view on the other, and every visitor's once the other has heard of it (ADR 037: at
 * once on PGlite, a notification's trip later on PostgreSQL), though the other had kept the page
 * from before. On PostgreSQL each instance has its own connection pool and listening connection;
 * PGlite has one connection, so there both share it.
 */
type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

let primary: DatabaseHandle & { url?: string };
let second: DatabaseHandle;
let office: TestApp;
let visitors: TestApp;
let admin: AdminSession;

beforeAll(async () => {
  primary = await createTestDatabase();
  second = await secondConnection(primary);
  office = await buildTestApp({}, undefined, { database: primary });
  visitors = await buildTestApp({}, undefined, { database: second });
  admin = await signIn(office);
}, 60_000);
afterAll(async () => {
  await office?.close();
  await visitors?.close();
  if (second !== primary) await second?.close();
  await primary?.close();
});

const title = 'Hilchos Shabbos, the first lesson';

/** A visitor's page view on the other instance, as a browser makes it again: with its ETag. */
const view = (url: string, etag?: string) =>
  visitors.inject({ url, headers: etag ? { 'if-none-match': etag } : {} });

/** The office's own view of the public site, signed in, through the other instance. */
const officeView = (url: string, etag?: string) =>
  visitors.inject({
    url,
    headers: { cookie: admin.headers.cookie, ...(etag ? { 'if-none-match': etag } : {}) },
  });

/**
 * What a visitor's view on the other instance shows once that instance has heard of the change:
 * polled, since on PostgreSQL the notification takes its trip (no timer decides it).
 */
const onceHeard = <T>(look: () => Promise<T>) => expect.poll(look, { timeout: 5_000 });

describe('a change by the office on one instance', () => {
  let videoId: string;
  let pageETag: string;

  it('is kept: the second view of an unchanged page is 304 Not Modified', async () => {
    const first = await view('/videos');
    expect(first.statusCode).toBe(200);
    expect(first.body).not.toContain(title);
    pageETag = String(first.headers.etag);
    expect((await view('/videos', pageETag)).statusCode).toBe(304);
    expect((await visitors.inject('/api/videos')).json()).toMatchObject({ total: 0 });
  });

  it('a published video reaches the next page view and read on the other instance', async () => {
    const created = await office.inject({
      method: 'POST',
      url: '/api/admin/videos',
      headers: admin.headers,
      payload: {
        title,
        videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        isPublished: true,
      },
    });
    expect(created.statusCode).toBe(201);
    videoId = created.json().id;

    const next = await officeView('/videos', pageETag);
    expect(next.statusCode).toBe(200);
    expect(next.body).toContain(title);
    expect(next.headers.etag).not.toBe(pageETag);
    // The office's view waited for every change committed before it: so does every view after.
    const visitorsNext = await view('/videos', pageETag);
    expect(visitorsNext.statusCode).toBe(200);
    expect(visitorsNext.headers.etag).toBe(next.headers.etag);
    pageETag = String(next.headers.etag);
    expect((await visitors.inject('/api/videos')).json()).toMatchObject({
      total: 1,
      videos: [{ id: videoId, title }],
    });
  });

  it('an approved comment reaches the other instance; a pending one changes nothing', async () => {
    const comment = 'Thank you, this helped our family before Shabbos.';
    const posted = await visitors.inject({
      method: 'POST',
      url: `/api/videos/${videoId}/comments`,
      payload: { authorName: 'Miriam', authorEmail: 'miriam@example.org', comment },
    });
    expect(posted.statusCode).toBe(200);
    const comments = () => visitors.inject(`/api/videos/${videoId}/comments`);
    expect((await comments()).json()).toMatchObject({ total: 0 });
    expect((await view('/videos', pageETag)).statusCode).toBe(304);

    const pending = await office.inject({
      url: '/api/admin/comments?status=pending',
      headers: admin.headers,
    });
    const [{ id }] = pending.json().comments as [{ id: string }];
    const approved = await office.inject({
      method: 'PUT',
      url: `/api/admin/comments/${id}/approve`,
      headers: admin.headers,
    });
    expect(approved.statusCode).toBe(200);

    // No one signed in asks on the other instance: the notification alone brings it.
    await onceHeard(async () => (await comments()).json()).toMatchObject({
      total: 1,
      comments: [{ comment }],
    });
    const page = await view('/videos', pageETag);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(comment);
    pageETag = String(page.headers.etag);
  });

  it('a removed video leaves the other instance’s next page view and read', async () => {
    const removed = await office.inject({
      method: 'DELETE',
      url: `/api/admin/videos/${videoId}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await officeView('/api/videos')).json()).toMatchObject({ total: 0 });
    const page = await view('/videos', pageETag);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(title);
    expect((await visitors.inject('/api/videos')).json()).toMatchObject({ total: 0 });
    expect((await visitors.inject(`/api/videos/${videoId}/comments`)).statusCode).toBe(404);
  });
});

/**
 * On PostgreSQL the office's write answers only after its own instance has heard the change (the
 * public cache's hook, ADR 037); on PGlite this holds by construction (one process, notified
 * before the write's promise resolves).
 */
describe('on the instance that made the change', () => {
  it('a visitor’s next view shows it, every time: the office is told “done” once it is heard', async () => {
    let missed = 0;
    for (let n = 1; n <= 20; n += 1) {
      const named = `A teaching heard at once, number ${n}`;
      const created = await office.inject({
        method: 'POST',
        url: '/api/admin/videos',
        headers: admin.headers,
        payload: {
          title: named,
          videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          isPublished: true,
        },
      });
      expect(created.statusCode).toBe(201);
      if (!(await office.inject('/api/videos?limit=50')).body.includes(named)) missed += 1;
    }
    expect(missed).toBe(0);
  });
});

/**
 * The race between a write and its notification, from the side that cannot wait for it: a
 * change written straight to the database (a script, a restore, psql), and the office's view
 * on the other instance at once. Its view waits for one round trip on that instance's listening
 * connection, by which time every commit before it has been heard (ADR 037, ADR 051).
 */
describe('a change written straight to the database', () => {
  it('reaches the office’s very next view on the other instance, every time', async () => {
    let missed = 0;
    for (let n = 1; n <= 20; n += 1) {
      const named = `A teaching written by a script, number ${n}`;
      await primary.db.insert(videos).values({
        title: named,
        videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        isPublished: true,
        publishedAt: new Date(),
      });
      if (!(await officeView('/api/videos?limit=100')).body.includes(named)) missed += 1;
    }
    expect(missed).toBe(0);
  });
});

describe('site content published by the office on one instance', () => {
  it('reaches the other instance’s next view of every page, a draft never does', async () => {
    const heading = 'Welcome to our community of prayer';
    const first = await view('/');
    expect(first.body).not.toContain(heading);
    const homeETag = String(first.headers.etag);
    const { content } = (
      await office.inject({ url: '/api/admin/site-content', headers: admin.headers })
    ).json();
    const saved = await office.inject({
      method: 'PUT',
      url: '/api/admin/site-content/draft/welcome',
      headers: admin.headers,
      payload: { revision: 0, value: { ...content.welcome, heading } },
    });
    expect(saved.statusCode).toBe(200);
    // A draft shows nowhere public: the kept page is still good.
    expect((await view('/', homeETag)).statusCode).toBe(304);

    const published = await office.inject({
      method: 'POST',
      url: '/api/admin/site-content/publish',
      headers: admin.headers,
      payload: { revision: 1 },
    });
    expect(published.statusCode).toBe(200);
    await onceHeard(async () => (await view('/', homeETag)).statusCode).toBe(200);
    expect((await view('/')).body).toContain(heading);
    expect((await officeView('/')).body).toContain(heading);
  });
});
