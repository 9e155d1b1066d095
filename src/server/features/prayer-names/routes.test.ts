import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, members, prayerLinks, prayerNames } from '~/db/schema';
import { createTestDatabase } from '~tests/helpers/database';
import { createMemoryMailer } from '~tests/helpers/mail';
import { applyForMembership } from '~tests/helpers/members';
import {
  HEBREW,
  MOTHER,
  aName,
  activeMember as activeMemberOf,
  namesSession,
  openLink,
  requestLinks,
  sessionCookieOf,
  visitLink,
  withSession,
} from '~tests/helpers/prayer-names';
import { expectHiddenTokenPage } from '~tests/helpers/link-session';
import { pageData, postPageForm } from '~tests/helpers/page-forms';
import { buildApp, loggerOptions } from '~/server/app';
import { parseEnv } from '~/server/env';
import { prayerLinkMessages } from './magic-link';

const lines: string[] = [];
const mailer = createMemoryMailer();
let offsetMs = 0;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  const database = await createTestDatabase();
  app = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'https://tziyun.test', FORM_RATE_LIMIT: '1000' }),
    database,
    mailer,
    jobClock: () => new Date(Date.now() + offsetMs),
    // Every log line, at the most talkative level: the names must be in none.
    logger: loggerOptions('trace', { write: (line: string) => void lines.push(line) }),
    clientDir: join(import.meta.dirname, 'no-client-build'),
  });
  app.addHook('onClose', () => database.close());
  await app.ready();
});
afterAll(() => app.close());

const activeMember = (email: string) => activeMemberOf(app, email);

/** Asks for the link and reads its tokens from the queued mails. */
const requestLink = (email: string) => requestLinks(app, email);

const open = (token: string, cookie?: string) => openLink(app, token, cookie);
const visit = (token: string, cookie?: string, method?: 'GET' | 'HEAD') =>
  visitLink(app, token, cookie, method);

/** When the link was spent, if it was (a scanner's visit must leave it unspent). */
async function usedAtOf(token: string) {
  const id = Buffer.from(token.split('.')[0]!, 'base64url')
    .toString()
    .match(/"([0-9a-f-]{36})\./)![1]!;
  const [link] = await app.database.db.select().from(prayerLinks).where(eq(prayerLinks.id, id));
  return link!.usedAt;
}

async function sessionFor(email: string) {
  await activeMember(email);
  return namesSession(app, email);
}

const call = (
  session: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => withSession(app, session, method, url, payload);

describe('the magic link', () => {
  it('goes to active members only, with the same answer for anyone', async () => {
    await activeMember('active@example.org');
    expect(await requestLink('active@example.org')).toHaveLength(1);
    await applyForMembership(app, { email: 'pending@example.org' });
    expect(await requestLink('pending@example.org')).toHaveLength(0);
    expect(await requestLink('nobody@example.org')).toHaveLength(0);
  });

  it('is looked up off the request’s path, greets no one by name, and reaches one address five times a day at most', async () => {
    const member = await activeMember('named@example.org');
    await app.database.db
      .update(members)
      .set({ name: 'URGENT: call https://evil.example' })
      .where(eq(members.id, member.id));
    const before = await app.database.db.$count(prayerLinks);
    const lookups = () => app.database.db.$count(jobs, eq(jobs.kind, 'prayer-names.link-request'));
    const queuedBefore = await lookups();
    for (let i = 0; i < 7; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/prayer-names/link',
        payload: { email: 'named@example.org' },
      });
      expect(res.json().message).toBe(prayerLinkMessages.sent);
    }
    // Seven requests: seven queued lookups, and not one link made on a request's path.
    expect(await app.database.db.$count(prayerLinks)).toBe(before);
    expect(await lookups()).toBe(queuedBefore + 7);
    const mails = await requestLink('named@example.org');
    expect(mails).toHaveLength(5);
    const [payload] = (await app.database.db.select().from(jobs))
      .map((j) => j.payload as { template?: string; to?: string; data?: object })
      .filter((p) => p.template === 'prayer-names-link' && p.to === 'named@example.org');
    expect(Object.keys(payload!.data!).sort()).toEqual(['hours', 'url']);
    expect(JSON.stringify(payload)).not.toContain('evil.example');
  });

  it('opens only with its button: a GET or a HEAD (a mail scanner’s) spends nothing and shows nothing private', async () => {
    const member = await activeMember('scanned@example.org');
    await call(
      await namesSession(app, 'scanned@example.org'),
      'POST',
      '/api/prayer-names',
      aName(),
    );
    const token = (await requestLink('scanned@example.org')).at(-1);
    // What Safe Links, a link checker and a preview bot do before the member clicks.
    const head = await visit(token!, undefined, 'HEAD');
    expect(head.statusCode).toBe(200);
    for (const seen of [await visit(token!), await visit(token!)]) {
      expectHiddenTokenPage(seen);
      expect(pageData(seen.body).data).toEqual({ kind: 'opening', token });
      // One button, in a form that posts the token to the page (no JavaScript needed).
      expect(seen.body).toContain('Open my names');
      expect(seen.body).toMatch(/<form[^>]* action="\/prayer-names" method="post">/);
      expect(seen.body).toContain('name="_form" value="prayer-link-open"');
      for (const secret of [member.name, member.email, HEBREW, MOTHER])
        expect(seen.body).not.toContain(secret);
    }
    expect(await usedAtOf(token!)).toBeNull();

    // The member presses the button: the link opens then.
    const opened = await open(token!);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/prayer-names');
    const cookie = sessionCookieOf(opened);
    const names = await app.inject({ url: '/prayer-names', headers: { cookie } });
    expect(pageData(names.body).data).toMatchObject({ kind: 'ready' });
    expect(names.body).toContain(HEBREW);
  });

  it('works once: it sets the session cookie and leaves the address; stores only a hash of its nonce', async () => {
    await activeMember('once@example.org');
    const [token] = await requestLink('once@example.org');
    const first = await open(token!);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/prayer-names');
    const cookie = String([first.headers['set-cookie']].flat()[0]);
    expect(cookie).toMatch(/^tziyun_prayer=[^;]+;/);
    // Ends with the browser; what it holds is signed to expire in 2 hours.
    expect(cookie).not.toMatch(/Max-Age|Expires/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    // Opened again in another browser: refused, with a plain page that offers a new link.
    const again = await open(token!);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/prayer-names?link=used');
    expect(again.headers['set-cookie']).toBeUndefined();
    const refused = await app.inject(again.headers.location!);
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain(prayerLinkMessages.used);
    // Opened again in the browser it signed in: the names, as before; followed again there,
    // straight on to them, without the button.
    const reopened = await open(token!, cookie.split(';')[0]);
    expect(reopened.headers.location).toBe('/prayer-names');
    const followed = await visit(token!, cookie.split(';')[0]);
    expect(followed.statusCode).toBe(303);
    expect(followed.headers.location).toBe('/prayer-names');

    const nonce = Buffer.from(token!.split('.')[0]!, 'base64url')
      .toString()
      .match(/\.([\w-]+)"/)![1]!;
    const stored = await app.database.db.select().from(prayerLinks);
    expect(JSON.stringify(stored)).not.toContain(nonce);
    expect(stored.some((l) => l.usedAt !== null)).toBe(true);
  });

  it('signed in as someone else, shows the button; their session opens no one else’s used link', async () => {
    await activeMember('first@example.org');
    await activeMember('second@example.org');
    const firstSession = await namesSession(app, 'first@example.org');
    const [token] = await requestLink('second@example.org');
    const seen = await visit(token!, firstSession);
    expect(seen.statusCode).toBe(200);
    expect(pageData(seen.body).data).toEqual({ kind: 'opening', token });
    expect(seen.body).not.toContain('first@example.org');
    await open(token!);
    const refused = await open(token!, firstSession);
    expect(refused.headers.location).toBe('/prayer-names?link=used');
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a button posted without a token, or from another site, and spends nothing', async () => {
    await activeMember('careful@example.org');
    const [token] = await requestLink('careful@example.org');
    const withoutToken: Record<string, string>[] = [
      { _form: 'prayer-link-open' },
      { _form: 'prayer-link-open', token: '' },
    ];
    for (const fields of withoutToken) {
      const res = await postPageForm(app, '/prayer-names', fields);
      expect(res.statusCode).toBe(400);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.body).toContain('This link is not complete. Open it again from your email.');
    }
    const tooLong = await postPageForm(app, '/prayer-names', {
      _form: 'prayer-link-open',
      token: 'x'.repeat(3000),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain(prayerLinkMessages.invalid);
    const fromElsewhere: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', origin: 'null' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of fromElsewhere) {
      const res = await postPageForm(
        app,
        '/prayer-names',
        { _form: 'prayer-link-open', token: token! },
        headers,
      );
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('This change came from another website');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await usedAtOf(token!)).toBeNull();
    expect((await open(token!)).headers.location).toBe('/prayer-names');
  });

  it('expires after a day, and a forged one opens nothing', async () => {
    await activeMember('late@example.org');
    const [token] = await requestLink('late@example.org');
    offsetMs += 25 * 60 * 60 * 1000;
    try {
      expect((await open(token!)).headers.location).toBe('/prayer-names?link=expired');
    } finally {
      offsetMs = 0;
    }
    const expired = app.linkSigner.sign(
      'prayer-names-link',
      'x.y',
      new Date(app.clock().getTime() - 1000),
    );
    expect((await open(expired)).headers.location).toBe('/prayer-names?link=expired');
    expect((await open(`${token}x`)).headers.location).toBe('/prayer-names?link=invalid');
    const page = await app.inject('/prayer-names?link=expired');
    expect(page.body).toContain(prayerLinkMessages.expired);
  });
});

describe('a member’s names', () => {
  it('are added, listed, edited, renewed and removed; a bad name gets a clear message', async () => {
    const session = await sessionFor('names@example.org');
    const added = await call(session, 'POST', '/api/prayer-names', {
      hebrewName: HEBREW,
      relation: 'ben',
      motherHebrewName: MOTHER,
      englishName: 'Chaim Yosef',
      intention: 'healing',
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().id as string;
    const mixed = await call(session, 'POST', '/api/prayer-names', {
      hebrewName: 'Chaim חיים',
      relation: 'ben',
      motherHebrewName: MOTHER,
      intention: 'healing',
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.fields).toEqual({
      hebrewName: 'Hebrew name mixes Hebrew with other letters: write it in Hebrew letters only',
    });
    const list = await call(session, 'GET', '/api/prayer-names');
    expect(list.json().names).toEqual([
      expect.objectContaining({ id, hebrewName: HEBREW, motherHebrewName: MOTHER, note: null }),
    ]);
    const edited = await call(session, 'PUT', `/api/prayer-names/${id}`, {
      hebrewName: HEBREW,
      relation: 'ben',
      motherHebrewName: MOTHER,
      intention: 'other',
      note: 'A new job',
    });
    expect(edited.json()).toMatchObject({
      intention: 'other',
      note: 'A new job',
      englishName: null,
    });
    const renewed = await call(session, 'POST', `/api/prayer-names/${id}/renew`);
    expect(renewed.statusCode).toBe(200);

    // Another member cannot reach these names.
    const other = await sessionFor('other@example.org');
    expect((await call(other, 'DELETE', `/api/prayer-names/${id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', '/api/prayer-names')).json().names).toEqual([]);

    expect((await call(session, 'DELETE', `/api/prayer-names/${id}`)).statusCode).toBe(204);
    expect(await app.database.db.select().from(prayerNames).where(eq(prayerNames.id, id))).toEqual(
      [],
    );
  });

  it('need a live session of an active member', async () => {
    expect((await app.inject('/api/prayer-names')).statusCode).toBe(401);
    const session = await sessionFor('lapsing@example.org');
    await app.database.db
      .update(members)
      .set({ status: 'lapsed' })
      .where(eq(members.email, 'lapsing@example.org'));
    const res = await call(session, 'GET', '/api/prayer-names');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(prayerLinkMessages.signedOut);
  });

  it('refuse a change sent from another site, even with the session cookie', async () => {
    const session = await sessionFor('csrf@example.org');
    for (const headers of [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { referer: 'https://evil.example/page' },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/prayer-names',
        payload: aName(),
        headers: { cookie: session, ...headers },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toMatch(/^This change came from another website/);
    }
    const own = await app.inject({
      method: 'POST',
      url: '/api/prayer-names',
      payload: aName(),
      headers: { cookie: session, origin: 'https://tziyun.test', 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('never reach the outbox’s payloads nor a log line', async () => {
    const payloads = JSON.stringify(await app.database.db.select().from(jobs));
    for (const secret of [HEBREW, MOTHER, 'Chaim', 'A new job', 'Chaim חיים']) {
      expect(payloads).not.toContain(secret);
      expect(lines.filter((l) => l.includes(secret))).toEqual([]);
    }
    expect(lines.length).toBeGreaterThan(0);
  });
});
