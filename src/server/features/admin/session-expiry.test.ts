import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, adminSessions } from '~/db/schema';
import { buildTestApp } from '~tests/helpers/app';
import { createAdmin, signIn, type AdminSession } from '~tests/helpers/admin';
import { changeAdminPassword } from './change-admin-password';
import { hashSessionToken } from '~/server/auth/sessions';

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const minute = 60_000;
const whoAmI = (session: AdminSession) =>
  app.inject({ url: '/api/admin/session', headers: { cookie: session.cookie } });

async function sessionRow(session: AdminSession) {
  const [row] = await app.database.db
    .select()
    .from(adminSessions)
    .where(eq(adminSessions.tokenHash, hashSessionToken(session.token)));
  return row;
}

describe('session lifetime', () => {
  it('has the documented defaults: 2 hours idle, 12 hours in all', () => {
    expect(app.adminAuth.idleMs).toBe(120 * minute);
    expect(app.adminAuth.maxMs).toBe(12 * 60 * minute);
  });

  it('ends after 2 hours without a request: 401, row deleted, cookie cleared', async () => {
    const session = await signIn(app);
    app.advanceClock(119 * minute);
    expect((await whoAmI(session)).statusCode).toBe(200);
    app.advanceClock(119 * minute);
    expect((await whoAmI(session)).statusCode).toBe(200);
    app.advanceClock(120 * minute);
    const res = await whoAmI(session);
    expect(res.statusCode).toBe(401);
    expect(String(res.headers['set-cookie'])).toMatch(/^tziyun_admin=; Max-Age=0;/);
    expect(await sessionRow(session)).toBeUndefined();
  });

  it('ends 12 hours after sign-in however active', async () => {
    const session = await signIn(app);
    for (let hour = 1; hour < 12; hour++) {
      app.advanceClock(60 * minute);
      expect((await whoAmI(session)).statusCode, `hour ${hour}`).toBe(200);
    }
    app.advanceClock(60 * minute);
    expect((await whoAmI(session)).statusCode).toBe(401);
    expect(await sessionRow(session)).toBeUndefined();
  });

  it('writes last_seen_at at most once a minute', async () => {
    const session = await signIn(app);
    const created = (await sessionRow(session))!.lastSeenAt.getTime();
    app.advanceClock(30_000);
    await whoAmI(session);
    expect((await sessionRow(session))!.lastSeenAt.getTime()).toBe(created);
    app.advanceClock(31_000);
    await whoAmI(session);
    // The clock runs on from the real time: at least the 61 s moved, well under another minute.
    const touched = (await sessionRow(session))!.lastSeenAt.getTime() - created;
    expect(touched).toBeGreaterThanOrEqual(61_000);
    expect(touched).toBeLessThan(90_000);
  });

  it('follows the settings ADMIN_SESSION_IDLE_MINUTES and ADMIN_SESSION_MAX_HOURS', async () => {
    const short = await buildTestApp({
      ADMIN_SESSION_IDLE_MINUTES: '5',
      ADMIN_SESSION_MAX_HOURS: '1',
    });
    try {
      const session = await signIn(short);
      short.advanceClock(5 * minute);
      const res = await short.inject({
        url: '/api/admin/session',
        headers: { cookie: session.cookie },
      });
      expect(res.statusCode).toBe(401);
      expect(short.adminAuth.maxMs).toBe(60 * minute);
    } finally {
      await short.close();
    }
  });
});

describe('password change', () => {
  it('ends the user’s sessions (all, or all but the one that made the change)', async () => {
    const admin = await createAdmin(app);
    const [a, b, c] = [
      await signIn(app, admin),
      await signIn(app, admin),
      await signIn(app, admin),
    ];
    const other = await signIn(app);
    const context = { actor: null, ip: null, now: app.clock() };
    const kept = await changeAdminPassword(
      app.database.db,
      {
        username: admin.username,
        password: 'a brand new password',
        keepTokenHash: hashSessionToken(a.token),
      },
      context,
    );
    expect(kept.sessionsEnded).toBe(2);
    expect((await whoAmI(a)).statusCode).toBe(200);
    expect((await whoAmI(b)).statusCode).toBe(401);
    expect((await whoAmI(c)).statusCode).toBe(401);
    expect((await whoAmI(other)).statusCode).toBe(200);

    const all = await changeAdminPassword(
      app.database.db,
      { username: admin.username, password: 'another new password' },
      context,
    );
    expect(all.sessionsEnded).toBe(1);
    expect((await whoAmI(a)).statusCode).toBe(401);

    const [entry] = await app.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'password-changed'))
      .orderBy(adminAuditLog.id)
      .limit(1);
    expect(entry).toMatchObject({
      actorId: null,
      target: admin.username,
      details: { userId: admin.id, sessionsEnded: 2, via: 'cli' },
    });
    expect(JSON.stringify(entry)).not.toContain('brand new password');

    const oldPassword = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: admin.username, password: admin.password },
    });
    expect(oldPassword.statusCode).toBe(401);
  });
});
