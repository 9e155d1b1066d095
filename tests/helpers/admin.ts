import { randomBytes } from 'node:crypto';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminAuditLog, adminUsers } from '~/db/schema';
import type { AdminRole } from '~/shared/domain';
import { hashPassword } from '~/server/auth/passwords';
import { adminIdentityColumns, createSession, type AdminIdentity } from '~/server/auth/sessions';
import { buildTestApp } from './app';

/**
 * Admin fixtures, Epic Stack style: accounts and sessions are written straight into the
 * database, so a test that needs a signed-in admin does not go through the sign-in route.
 */

export interface TestAdmin extends AdminIdentity {
  /** The plain password, for tests that do sign in through the route. */
  password: string;
}

export interface AdminSession {
  user: AdminIdentity;
  /** Ready for `headers.cookie`. */
  cookie: string;
  csrfToken: string;
  /** The raw session id, as the cookie carries it. */
  token: string;
  /** Cookie, CSRF token and this site's Origin: what the admin screens send on a write. */
  headers: { cookie: string; 'x-csrf-token': string; origin: string };
}

export async function createAdmin(
  app: FastifyInstance,
  {
    username = `admin-${randomBytes(4).toString('hex')}`,
    password = 'correct horse battery staple',
    role = 'admin',
  }: { username?: string; password?: string; role?: AdminRole } = {},
): Promise<TestAdmin> {
  const [row] = await app.database.db
    .insert(adminUsers)
    .values({ username, passwordHash: await hashPassword(password), role })
    .returning(adminIdentityColumns);
  return { ...row!, password };
}

/** A live session for `user` (a new admin with the given options if no user is given). */
export async function signIn(
  app: FastifyInstance,
  user?: AdminIdentity | { username?: string; password?: string; role?: AdminRole },
): Promise<AdminSession> {
  const admin = user && 'id' in user ? user : await createAdmin(app, user);
  const { token, csrfToken } = await createSession(app.database.db, {
    userId: admin.id,
    now: app.clock(),
    maxMs: app.adminAuth.maxMs,
  });
  const cookie = `${app.adminAuth.cookieName}=${token}`;
  return {
    user: { id: admin.id, username: admin.username, role: admin.role },
    cookie,
    csrfToken,
    token,
    headers: { cookie, 'x-csrf-token': csrfToken, origin: app.adminAuth.publicOrigin },
  };
}

/** The audit log's entries of this action (on this target, when one is given), in order. */
export function auditEntries(app: FastifyInstance, action: string, target?: string) {
  return app.database.db
    .select()
    .from(adminAuditLog)
    .where(
      and(
        eq(adminAuditLog.action, action),
        target === undefined ? undefined : eq(adminAuditLog.target, target),
      ),
    )
    .orderBy(adminAuditLog.id);
}

/**
 * The set-up of most admin API test files: the app on a fresh database and an admin signed in
 * to it (a new admin with the given options). Close the app after the file.
 */
export async function appWithAdmin(
  admin: { username?: string; password?: string; role?: AdminRole } = {},
  env: Parameters<typeof buildTestApp>[0] = {},
) {
  const app = await buildTestApp(env);
  return { app, admin: await signIn(app, admin) };
}

/**
 * Admin calls need a session, and a write its CSRF token too: each call answers 401 to an
 * anonymous request, each write 403 to a session that sends no token. `appOf` and `cookieOf`
 * answer the test file's app and an admin's session cookie (made in its `beforeAll`).
 */
export function itRefusesWithoutSessionOrToken(
  appOf: () => FastifyInstance,
  cookieOf: () => string,
  calls: readonly (readonly [HTTPMethods, string])[],
  /** A write's body: valid, so only the missing token can refuse it. */
  payload: object,
) {
  it.each(calls)('%s %s answers 401 to an anonymous request', async (method, url) => {
    const res = await appOf().inject({ method, url, ...(method === 'GET' ? {} : { payload: {} }) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it.each(calls.filter(([method]) => method !== 'GET'))(
    '%s %s answers 403 without the CSRF token',
    async (method, url) => {
      const res = await appOf().inject({ method, url, headers: { cookie: cookieOf() }, payload });
      expect(res.statusCode).toBe(403);
    },
  );
}
