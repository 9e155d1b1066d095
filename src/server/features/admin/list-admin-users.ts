import { and, asc, count, eq, gt } from 'drizzle-orm';
import { adminSessions, adminUsers } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { accountsWithSecondFactor } from './accounts-with-second-factor';

/**
 * Every administrator with their live sessions counted and whether they have a second factor;
 * rows are not the wire format.
 */
export async function listAdminUsers(
  db: DatabaseExecutor,
  { now, idleMs }: { now: Date; idleMs: number },
) {
  const live = db
    .select({ userId: adminSessions.userId, n: count().as('n') })
    .from(adminSessions)
    .where(
      and(
        gt(adminSessions.expiresAt, now),
        gt(adminSessions.lastSeenAt, new Date(now.getTime() - idleMs)),
      ),
    )
    .groupBy(adminSessions.userId)
    .as('live');
  const rows = await db
    .select({
      id: adminUsers.id,
      username: adminUsers.username,
      role: adminUsers.role,
      createdAt: adminUsers.createdAt,
      lastSignInAt: adminUsers.lastSignInAt,
      activeSessions: live.n,
    })
    .from(adminUsers)
    .leftJoin(live, eq(live.userId, adminUsers.id))
    .orderBy(asc(adminUsers.createdAt), asc(adminUsers.username));
  const protectedAccounts = await accountsWithSecondFactor(db);
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    activeSessions: Number(row.activeSessions ?? 0),
    secondFactor: protectedAccounts.has(row.id),
  }));
}
