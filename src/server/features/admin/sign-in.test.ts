import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, adminSessions, adminUsers } from '~/db/schema';
import { buildTestApp } from '~tests/helpers/app';
import { createAdmin, signIn } from '~tests/helpers/admin';
import { hashSessionToken } from '~/server/auth/sessions';

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const origin = 'https://tziyun.test';
const login = (payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload,
    headers: { origin, ...headers },
    remoteAddress,
  });

function sessionCookie(res: { cookies: { name: string; value: string }[] }, name = 'tziyun_admin') {
  return res.cookies.find((c) => c.name === name);
}

/** The Set-Cookie line of one cookie (a sign-in also sets the device cookie). */
function setCookieLine(res: { headers: Record<string, unknown> }, name: string) {
  return [res.headers['set-cookie']].flat().find((line) => String(line).startsWith(`${name}=`));
}

describe('POST /api/admin/login', () => {
  it('signs in: the user, a CSRF token, an HttpOnly SameSite=Lax cookie (no Secure outside production)', async () => {
    const admin = await createAdmin(app, { username: 'rivka', role: 'owner' });
    const res = await login({ username: '  Rivka ', password: admin.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      user: { id: admin.id, username: 'rivka', role: 'owner' },
      csrfToken: expect.stringMatching(/^[\w-]{43}$/),
    });
    const setCookie = String(setCookieLine(res, 'tziyun_admin'));
    expect(setCookie).toMatch(/^tziyun_admin=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    // The device cookie: a year, HttpOnly, SameSite=Strict (device-cookie.ts).
    expect(String(setCookieLine(res, 'tziyun_device'))).toMatch(
      /^tziyun_device=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    expect(setCookie).not.toMatch(/Secure|Max-Age|Expires|Domain/i);
    expect(res.headers['cache-control']).toBe('no-store');

    // The table holds the id's hash, never the id itself.
    const token = sessionCookie(res)!.value;
    const rows = await app.database.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.userId, admin.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashSessionToken(token));
    expect(rows[0]!.tokenHash).not.toBe(token);
    expect(rows[0]!.csrfToken).toBe(body.csrfToken);
    const [user] = await app.database.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.id, admin.id));
    expect(user!.lastSignInAt).not.toBeNull();

    const session = await app.inject({
      url: '/api/admin/session',
      headers: { cookie: `tziyun_admin=${token}` },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual(body);
  });

  it('answers a wrong password and an unknown user with the same 401, and sets no cookie', async () => {
    const admin = await createAdmin(app);
    const wrong = await login({ username: admin.username, password: 'not the password at all' });
    const unknown = await login({ username: 'nobody-here', password: admin.password });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(wrong.json()).toEqual({
      error: { code: 'unauthorized', message: 'Invalid credentials' },
    });
    expect(unknown.body).toBe(wrong.body);
  });

  it.each([
    [{}, { username: 'Username is required', password: 'Password is required' }],
    [
      { username: '   ', password: '' },
      { username: 'Username is required', password: 'Password is required' },
    ],
    [{ username: 'rivka' }, { password: 'Password is required' }],
    [{ password: 'something long enough' }, { username: 'Username is required' }],
    [
      { username: 42, password: ['x'] },
      { username: 'Username is required', password: 'Password is required' },
    ],
    [
      { username: 'rivka', password: 'x'.repeat(257) },
      { password: 'Password must be at most 256 characters' },
    ],
  ])('refuses %j with field messages', async (payload, fields) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields });
  });

  it('rotates: a new session id at each sign-in, and the old cookie’s session is deleted', async () => {
    const admin = await createAdmin(app);
    const first = await login({ username: admin.username, password: admin.password });
    const firstToken = sessionCookie(first)!.value;
    const second = await login(
      { username: admin.username, password: admin.password },
      { cookie: `tziyun_admin=${firstToken}` },
    );
    const secondToken = sessionCookie(second)!.value;
    expect(secondToken).not.toBe(firstToken);
    expect(second.json().csrfToken).not.toBe(first.json().csrfToken);
    const old = await app.inject({
      url: '/api/admin/session',
      headers: { cookie: `tziyun_admin=${firstToken}` },
    });
    expect(old.statusCode).toBe(401);
    const rows = await app.database.db
      .select({ tokenHash: adminSessions.tokenHash })
      .from(adminSessions)
      .where(eq(adminSessions.userId, admin.id));
    expect(rows).toEqual([{ tokenHash: hashSessionToken(secondToken) }]);
  });

  it('refuses a sign-in posted from another site (login CSRF)', async () => {
    const admin = await createAdmin(app);
    const credentials = { username: admin.username, password: admin.password };
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { referer: 'https://evil.example/login' },
    ];
    for (const headers of foreign) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: credentials,
        headers,
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // A script with no Origin or Referer (curl) is not a browser being tricked.
    const plain = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: credentials,
    });
    expect(plain.statusCode).toBe(200);
  });
});

describe('production cookie', () => {
  it('is plain on http://localhost, where a Secure cookie would not come back in every browser', async () => {
    const local = await buildTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://localhost:3000',
    });
    try {
      const admin = await createAdmin(local);
      const res = await local.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: admin.username, password: admin.password },
        headers: { origin: 'http://localhost:3000' },
      });
      expect(res.statusCode).toBe(200);
      expect(String(setCookieLine(res, 'tziyun_admin'))).toMatch(
        /^tziyun_admin=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax$/,
      );
    } finally {
      await local.close();
    }
  });

  it('is __Host- prefixed and Secure', async () => {
    const prod = await buildTestApp({ NODE_ENV: 'production' });
    try {
      const admin = await createAdmin(prod);
      const res = await prod.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: admin.username, password: admin.password },
        headers: { origin },
      });
      expect(res.statusCode).toBe(200);
      expect(String(setCookieLine(res, '__Host-tziyun_admin'))).toMatch(
        /^__Host-tziyun_admin=[\w-]{43}; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      );
      expect(String(setCookieLine(res, '__Host-tziyun_device'))).toMatch(
        /; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
      );
      const token = sessionCookie(res, '__Host-tziyun_admin')!.value;
      // The development name means nothing in production.
      const wrongName = await prod.inject({
        url: '/api/admin/session',
        headers: { cookie: `tziyun_admin=${token}` },
      });
      expect(wrongName.statusCode).toBe(401);
      const right = await prod.inject({
        url: '/api/admin/session',
        headers: { cookie: `__Host-tziyun_admin=${token}` },
      });
      expect(right.statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('GET /api/admin/session', () => {
  it('is 401 without a session, with a malformed cookie, or with an unknown one', async () => {
    for (const cookie of [undefined, 'tziyun_admin=abc', `tziyun_admin=${'a'.repeat(43)}`]) {
      const res = await app.inject({
        url: '/api/admin/session',
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'unauthorized', message: 'Please sign in to continue.' },
      });
    }
  });
});

describe('POST /api/admin/logout', () => {
  it('deletes the session, clears the cookie and answers 204', async () => {
    const session = await signIn(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: session.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = String(res.headers['set-cookie']);
    expect(cleared).toMatch(
      /^tziyun_admin=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
    );
    expect(
      await app.database.db.$count(adminSessions, eq(adminSessions.userId, session.user.id)),
    ).toBe(0);
    const after = await app.inject({
      url: '/api/admin/session',
      headers: { cookie: session.cookie },
    });
    expect(after.statusCode).toBe(401);
  });

  it('needs the CSRF token like every write', async () => {
    const session = await signIn(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { cookie: session.cookie, origin },
    });
    expect(res.statusCode).toBe(403);
    expect(
      await app.database.db.$count(adminSessions, eq(adminSessions.userId, session.user.id)),
    ).toBe(1);
  });
});

describe('audit log of signing in and out', () => {
  it('records sign-in, sign-in-failed (no actor, no password) and sign-out, with the IP', async () => {
    const admin = await createAdmin(app, { username: 'audited' });
    await login({ username: 'audited', password: 'a wrong password here' }, {}, '10.1.1.1');
    const ok = await login({ username: 'audited', password: admin.password }, {}, '10.1.1.2');
    await app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: {
        origin,
        cookie: `tziyun_admin=${sessionCookie(ok)!.value}`,
        'x-csrf-token': ok.json().csrfToken,
      },
      remoteAddress: '10.1.1.2',
    });
    const rows = await app.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.ip, '10.1.1.1'));
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'sign-in-failed',
        actorId: null,
        actorUsername: null,
        target: 'audited',
        details: null,
      }),
    ]);
    const mine = await app.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.actorId, admin.id))
      .orderBy(adminAuditLog.id);
    expect(mine.map((r) => [r.action, r.actorUsername, r.ip])).toEqual([
      ['sign-in', 'audited', '10.1.1.2'],
      ['sign-out', 'audited', '10.1.1.2'],
    ]);
    const all = JSON.stringify(await app.database.db.select().from(adminAuditLog));
    expect(all).not.toContain('a wrong password here');
    expect(all).not.toContain(admin.password);
  });
});
