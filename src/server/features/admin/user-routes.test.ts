import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSessions, adminUsers } from '~/db/schema';
import { buildTestApp, type TestApp } from '~tests/helpers/app';
import {
  auditEntries,
  createAdmin,
  appWithAdmin,
  signIn,
  type AdminSession,
} from '~tests/helpers/admin';
import { removeAdminUser } from './remove-admin-user';

let app: TestApp;
let owner: AdminSession;
beforeAll(async () => {
  ({ app, admin: owner } = await appWithAdmin({ username: 'owner-one', role: 'owner' }));
});
afterAll(() => app.close());

const call = (
  session: AdminSession,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) =>
  app.inject({
    method,
    url,
    headers: session.headers,
    remoteAddress: '192.0.2.44',
    ...(payload ? { payload } : {}),
  });

describe('owner-only endpoints', () => {
  it('refuse a plain admin with 403, whatever the body', async () => {
    const admin = await signIn(app, { role: 'admin' });
    const target = await createAdmin(app);
    for (const [method, url, payload] of [
      ['GET', '/api/admin/users'],
      [
        'POST',
        '/api/admin/users',
        { username: 'sneaky', password: 'long enough password', role: 'owner' },
      ],
      ['POST', '/api/admin/users', {}],
      ['DELETE', `/api/admin/users/${target.id}`],
      ['POST', `/api/admin/users/${target.id}/end-sessions`],
      ['GET', '/api/admin/audit-log'],
    ] as const) {
      const res = await call(admin, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toEqual({
        code: 'forbidden',
        message: 'Only an owner can do this.',
      });
    }
    expect(await app.database.db.$count(adminUsers, eq(adminUsers.username, 'sneaky'))).toBe(0);
  });
});

describe('GET /api/admin/users', () => {
  it('lists accounts with their live sessions, never a hash', async () => {
    const busy = await createAdmin(app, { username: 'busy-bee' });
    await signIn(app, busy);
    await signIn(app, busy);
    const res = await call(owner, 'GET', '/api/admin/users');
    expect(res.statusCode).toBe(200);
    const { users } = res.json();
    expect(users.find((u: { username: string }) => u.username === 'busy-bee')).toEqual({
      id: busy.id,
      username: 'busy-bee',
      role: 'admin',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastSignInAt: null,
      activeSessions: 2,
      secondFactor: false,
    });
    expect(users.find((u: { id: string }) => u.id === owner.user.id)).toMatchObject({
      role: 'owner',
      activeSessions: 1,
    });
    expect(res.body).not.toMatch(/argon2|passwordHash|password_hash/);
  });
});

describe('POST /api/admin/users', () => {
  it('creates an account (201), name lower-cased, and it can sign in', async () => {
    const res = await call(owner, 'POST', '/api/admin/users', {
      username: '  New.Helper ',
      password: 'a long enough password',
      role: 'admin',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      user: {
        id: expect.any(String),
        username: 'new.helper',
        role: 'admin',
        createdAt: expect.any(String),
        lastSignInAt: null,
        activeSessions: 0,
        secondFactor: false,
      },
    });
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'NEW.HELPER', password: 'a long enough password' },
    });
    expect(signedIn.statusCode).toBe(200);
    const [row] = await app.database.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.username, 'new.helper'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const [entry] = await auditEntries(app, 'admin-created', 'new.helper');
    expect(entry).toMatchObject({
      actorId: owner.user.id,
      actorUsername: 'owner-one',
      details: { userId: row!.id, role: 'admin' },
      ip: '192.0.2.44',
    });
    expect(JSON.stringify(entry)).not.toContain('a long enough password');
  });

  it('refuses a taken name (whatever its case) with 409', async () => {
    await createAdmin(app, { username: 'taken' });
    const res = await call(owner, 'POST', '/api/admin/users', {
      username: 'Taken',
      password: 'a long enough password',
      role: 'admin',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'conflict',
      fields: { username: 'That username is already taken' },
    });
  });

  it.each([
    [{}, { username: 'Username is required', password: 'Password is required' }],
    [
      { username: 'ab', password: 'short', role: 'admin' },
      {
        username: 'Username must be 3 to 40 characters: letters, digits, dot, underscore or dash',
        password: 'Password must be at least 12 characters',
      },
    ],
    [
      { username: 'has space', password: 'x'.repeat(257), role: 'root' },
      {
        username: 'Username must be 3 to 40 characters: letters, digits, dot, underscore or dash',
        password: 'Password must be at most 256 characters',
        role: 'Role must be owner or admin',
      },
    ],
    [
      { username: 'a'.repeat(41), password: 'long enough password' },
      { username: 'Username must be 3 to 40 characters: letters, digits, dot, underscore or dash' },
    ],
  ])('refuses %j with field messages', async (payload, fields) => {
    const before = await app.database.db.$count(adminUsers);
    const res = await call(owner, 'POST', '/api/admin/users', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields });
    expect(await app.database.db.$count(adminUsers)).toBe(before);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('removes an account and its sessions (204), and records it', async () => {
    const leaving = await signIn(app, { username: 'leaving' });
    const res = await call(owner, 'DELETE', `/api/admin/users/${leaving.user.id}`);
    expect(res.statusCode).toBe(204);
    expect(await app.database.db.$count(adminUsers, eq(adminUsers.id, leaving.user.id))).toBe(0);
    expect(
      await app.database.db.$count(adminSessions, eq(adminSessions.userId, leaving.user.id)),
    ).toBe(0);
    const stale = await app.inject({
      url: '/api/admin/session',
      headers: { cookie: leaving.cookie },
    });
    expect(stale.statusCode).toBe(401);
    const [entry] = await auditEntries(app, 'admin-removed', 'leaving');
    expect(entry).toMatchObject({ actorId: owner.user.id, details: { userId: leaving.user.id } });
  });

  it('refuses to remove yourself (409)', async () => {
    const res = await call(owner, 'DELETE', `/api/admin/users/${owner.user.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'conflict',
      message: 'You cannot remove your own account',
    });
  });

  it('refuses to remove the last owner (409), allows another owner', async () => {
    // Only reachable through the function: through the API the last owner is the caller.
    const context = { actor: null, ip: null, now: app.clock() };
    await expect(removeAdminUser(app.database.db, owner.user.id, context)).rejects.toMatchObject({
      code: 'conflict',
      message: 'The last owner cannot be removed',
    });
    const second = await createAdmin(app, { role: 'owner' });
    const res = await call(owner, 'DELETE', `/api/admin/users/${second.id}`);
    expect(res.statusCode).toBe(204);
  });

  it('leaves one owner when the only two owners remove each other at once', async () => {
    const pair = await buildTestApp();
    try {
      const a = await signIn(pair, { role: 'owner' });
      const b = await signIn(pair, { role: 'owner' });
      const remove = (actor: AdminSession, target: AdminSession) =>
        pair.inject({
          method: 'DELETE',
          url: `/api/admin/users/${target.user.id}`,
          headers: actor.headers,
        });
      const results = await Promise.all([remove(a, b), remove(b, a)]);
      const statuses = results.map((r) => r.statusCode).sort();
      // One goes through; the other finds a single owner left (409) or its own account gone (401).
      expect(statuses[0]).toBe(204);
      expect([401, 409]).toContain(statuses[1]);
      expect(await pair.database.db.$count(adminUsers, eq(adminUsers.role, 'owner'))).toBe(1);
    } finally {
      await pair.close();
    }
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await call(
      owner,
      'DELETE',
      '/api/admin/users/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    const malformed = await call(owner, 'DELETE', '/api/admin/users/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ id: 'Unknown user id' });
  });
});

describe('POST /api/admin/users/:id/end-sessions', () => {
  it('signs a user out everywhere and says how many', async () => {
    const admin = await createAdmin(app);
    const sessions = [await signIn(app, admin), await signIn(app, admin), await signIn(app, admin)];
    const res = await call(owner, 'POST', `/api/admin/users/${admin.id}/end-sessions`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 3 });
    for (const s of sessions) {
      const check = await app.inject({ url: '/api/admin/session', headers: { cookie: s.cookie } });
      expect(check.statusCode).toBe(401);
    }
    expect((await call(owner, 'GET', '/api/admin/session')).statusCode).toBe(200);
    const [entry] = await auditEntries(app, 'sessions-ended', admin.username);
    expect(entry).toMatchObject({
      actorId: owner.user.id,
      details: { userId: admin.id, ended: 3 },
    });
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const unknown = await call(
      owner,
      'POST',
      '/api/admin/users/00000000-0000-4000-8000-000000000000/end-sessions',
    );
    expect(unknown.statusCode).toBe(404);
    const malformed = await call(owner, 'POST', '/api/admin/users/12/end-sessions');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ id: 'Unknown user id' });
  });
});

describe('GET /api/admin/audit-log', () => {
  it('lists the newest entries first, limited', async () => {
    await call(owner, 'POST', '/api/admin/users', {
      username: 'audit-subject',
      password: 'a long enough password',
    });
    const res = await call(owner, 'GET', '/api/admin/audit-log?limit=2');
    expect(res.statusCode).toBe(200);
    const { entries } = res.json();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      actor: { id: owner.user.id, username: 'owner-one' },
      action: 'admin-created',
      target: 'audit-subject',
      details: { userId: expect.any(String), role: 'admin' },
      ip: '192.0.2.44',
    });
    expect(entries[0].id).toBeGreaterThan(entries[1].id);
  });

  it.each(['0', '501', 'x', '2.5'])('refuses limit=%s with a field message', async (limit) => {
    const res = await call(owner, 'GET', `/api/admin/audit-log?limit=${limit}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('limit');
  });
});
