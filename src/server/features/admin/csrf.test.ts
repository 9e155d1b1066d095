import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSessions } from '~/db/schema';
import { buildTestApp } from '~tests/helpers/app';
import { createAdmin, signIn, type AdminSession } from '~tests/helpers/admin';

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** Sign-out is the simplest write: if it went through, the session is gone. */
const logout = (headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/admin/logout', headers });

async function stillSignedIn(session: AdminSession) {
  return (
    (await app.database.db.$count(adminSessions, eq(adminSessions.userId, session.user.id))) === 1
  );
}

describe('CSRF protection of admin writes', () => {
  it.each<[string, (s: AdminSession) => Record<string, string>]>([
    ['no token', (s) => ({ cookie: s.cookie, origin: s.headers.origin })],
    ['an empty token', (s) => ({ ...s.headers, 'x-csrf-token': '' })],
    ['a wrong token', (s) => ({ ...s.headers, 'x-csrf-token': `${s.csrfToken.slice(0, -1)}x` })],
    ['the token with extra', (s) => ({ ...s.headers, 'x-csrf-token': `${s.csrfToken}x` })],
    ['a foreign Origin', (s) => ({ ...s.headers, origin: 'https://evil.example' })],
    ['a look-alike Origin', (s) => ({ ...s.headers, origin: 'https://tziyun.test.evil.example' })],
    ['an http Origin for an https site', (s) => ({ ...s.headers, origin: 'http://tziyun.test' })],
    ['Origin null', (s) => ({ ...s.headers, origin: 'null' })],
    [
      'a foreign Referer and no Origin',
      (s) => ({ cookie: s.cookie, 'x-csrf-token': s.csrfToken, referer: 'https://evil.example/x' }),
    ],
    ['Sec-Fetch-Site: cross-site', (s) => ({ ...s.headers, 'sec-fetch-site': 'cross-site' })],
  ])('refuses %s with 403 and changes nothing', async (_name, headersFor) => {
    const session = await signIn(app);
    const res = await logout(headersFor(session));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { code: 'forbidden', message: expect.any(String) },
    });
    expect(await stillSignedIn(session)).toBe(true);
  });

  it('tells someone signing in at another address than PUBLIC_URL which address to open', async () => {
    await createAdmin(app, { username: 'office', password: 'a-long-test-password' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      // The site opened at localhost while PUBLIC_URL names another address.
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: { username: 'office', password: 'a-long-test-password' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(
      'This site works at https://tziyun.test, but this page was opened at http://localhost:3000. Open https://tziyun.test and try again. (To use http://localhost:3000 instead, set PUBLIC_URL to it and restart the server.)',
    );
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['a cross-site request', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['an opaque Origin', { origin: 'null' }],
  ])('names the site’s address when refusing %s', async (_name, headers) => {
    const session = await signIn(app);
    const res = await logout({
      cookie: session.cookie,
      'x-csrf-token': session.csrfToken,
      ...headers,
    });
    expect(res.json().error.message).toBe(
      'This was sent from another website, so it was refused. Open https://tziyun.test and try again.',
    );
    expect(res.json().error.message).not.toMatch(/403|cross-site/i);
  });

  it('refuses another session’s token', async () => {
    const mine = await signIn(app);
    const theirs = await signIn(app);
    const res = await logout({ ...mine.headers, 'x-csrf-token': theirs.csrfToken });
    expect(res.statusCode).toBe(403);
  });

  it.each<[string, (s: AdminSession) => Record<string, string>]>([
    ['with the token and this site’s Origin', (s) => s.headers],
    [
      'with the token and this site’s Referer',
      (s) => ({
        cookie: s.cookie,
        'x-csrf-token': s.csrfToken,
        referer: 'https://tziyun.test/admin',
      }),
    ],
    [
      'with the token and no Origin or Referer (not a browser)',
      (s) => ({ cookie: s.cookie, 'x-csrf-token': s.csrfToken }),
    ],
    ['same-origin fetch metadata', (s) => ({ ...s.headers, 'sec-fetch-site': 'same-origin' })],
  ])('accepts a write %s', async (_name, headersFor) => {
    const session = await signIn(app);
    const res = await logout(headersFor(session));
    expect(res.statusCode).toBe(204);
    expect(await stillSignedIn(session)).toBe(false);
  });

  it('answers 401, not 403, to a write without a session', async () => {
    const res = await logout({ origin: 'https://evil.example' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('lets reads through without a token', async () => {
    const session = await signIn(app);
    const res = await app.inject({
      url: '/api/admin/session',
      headers: { cookie: session.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(200);
  });
});
