import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lte, ne, or } from 'drizzle-orm';
import { adminSessions, adminUsers } from '~/db/schema';
import { type AdminRole } from '~/shared/domain';
import type { DatabaseExecutor } from '~/db/client';

/** Who is signed in, as the routes see it. */
export interface AdminIdentity {
  id: string;
  username: string;
  role: AdminRole;
}

/** An AdminIdentity's columns, to select or return. */
export const adminIdentityColumns = {
  id: adminUsers.id,
  username: adminUsers.username,
  role: adminUsers.role,
};

export interface ActiveSession {
  tokenHash: string;
  csrfToken: string;
  user: AdminIdentity;
}

/** 32 random bytes, base64url: 43 characters. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function newRandomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the table keeps instead of the cookie's value. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** True when a cookie value could be a session id at all (anything else is not looked up). */
export function isWellFormedToken(token: string | undefined): token is string {
  return token !== undefined && tokenPattern.test(token);
}

/** A new session for `userId`: the token goes in the cookie, only its hash in the table. */
export async function createSession(
  db: DatabaseExecutor,
  { userId, now, maxMs }: { userId: string; now: Date; maxMs: number },
) {
  const token = newRandomToken();
  const csrfToken = newRandomToken();
  await db.insert(adminSessions).values({
    tokenHash: hashSessionToken(token),
    userId,
    csrfToken,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + maxMs),
  });
  return { token, csrfToken };
}

/**
 * The session a cookie names, if it is still alive. A session past its idle timeout or its
 * absolute lifetime is deleted and reported as `expired`; a live one has `last_seen_at` moved
 * on, at most once per `touchEveryMs`.
 */
export async function findSession(
  db: DatabaseExecutor,
  token: string,
  { now, idleMs, touchEveryMs }: { now: Date; idleMs: number; touchEveryMs: number },
): Promise<ActiveSession | 'expired' | null> {
  const tokenHash = hashSessionToken(token);
  const [row] = await db
    .select({
      csrfToken: adminSessions.csrfToken,
      lastSeenAt: adminSessions.lastSeenAt,
      expiresAt: adminSessions.expiresAt,
      user: adminIdentityColumns,
    })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
    .where(eq(adminSessions.tokenHash, tokenHash));
  if (!row) return null;
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (now >= row.expiresAt || idleFor >= idleMs) {
    await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
    return 'expired';
  }
  if (idleFor >= touchEveryMs) {
    await db
      .update(adminSessions)
      .set({ lastSeenAt: now })
      .where(eq(adminSessions.tokenHash, tokenHash));
  }
  return { tokenHash, csrfToken: row.csrfToken, user: row.user };
}

export async function deleteSessionByToken(db: DatabaseExecutor, token: string) {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hashSessionToken(token)));
}

export async function deleteSessionByHash(db: DatabaseExecutor, tokenHash: string) {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
}

/** Ends a user's sessions (all, or all but one); returns how many ended. */
export async function endUserSessions(
  db: DatabaseExecutor,
  userId: string,
  { exceptTokenHash }: { exceptTokenHash?: string } = {},
): Promise<number> {
  const rows = await db
    .delete(adminSessions)
    .where(
      and(
        eq(adminSessions.userId, userId),
        exceptTokenHash ? ne(adminSessions.tokenHash, exceptTokenHash) : undefined,
      ),
    )
    .returning({ tokenHash: adminSessions.tokenHash });
  return rows.length;
}

/** Sessions past either limit; deleted at each sign-in so the table does not grow. */
export async function pruneExpiredSessions(
  db: DatabaseExecutor,
  { now, idleMs }: { now: Date; idleMs: number },
) {
  await db
    .delete(adminSessions)
    .where(
      or(
        lte(adminSessions.expiresAt, now),
        lte(adminSessions.lastSeenAt, new Date(now.getTime() - idleMs)),
      ),
    );
}
