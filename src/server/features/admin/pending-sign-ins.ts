import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { adminPendingSignIns, adminUsers, adminWebauthnChallenges } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { hashSessionToken, isWellFormedToken, newRandomToken } from '../../auth/sessions';
import type { AdminIdentity } from '../../auth/sessions';

export type PendingStage = 'second-factor' | 'enrolment';

/**
 * How long a pending sign-in lasts. The second factor takes seconds; enrolling may mean
 * installing an authenticator app first, so it gets longer.
 */
export const pendingLifetimeMs: Record<PendingStage, number> = {
  'second-factor': 5 * 60_000,
  enrolment: 15 * 60_000,
};

/** Wrong codes one pending sign-in takes before it ends (the password must be given again). */
export const pendingFailureLimit = 5;

export interface PendingSignIn {
  tokenHash: string;
  stage: PendingStage;
  user: AdminIdentity;
  failures: number;
  expiresAt: Date;
}

/**
 * Starts the second step of a sign-in whose password was right. The browser's earlier pending
 * sign-in, if any, ends (one at a time per browser), and so do expired ones of anybody.
 */
export async function createPendingSignIn(
  db: DatabaseExecutor,
  {
    userId,
    stage,
    now,
    previousToken,
  }: { userId: string; stage: PendingStage; now: Date; previousToken?: string | undefined },
) {
  if (isWellFormedToken(previousToken)) {
    await deletePendingSignIn(db, hashSessionToken(previousToken));
  }
  await db.delete(adminPendingSignIns).where(lte(adminPendingSignIns.expiresAt, now));
  const token = newRandomToken();
  const expiresAt = new Date(now.getTime() + pendingLifetimeMs[stage]);
  await db.insert(adminPendingSignIns).values({
    tokenHash: hashSessionToken(token),
    userId,
    stage,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The live pending sign-in a cookie names, with its account; null if none (or expired). */
export async function findPendingSignIn(
  db: DatabaseExecutor,
  token: string | undefined,
  now: Date,
): Promise<PendingSignIn | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await db
    .select({
      tokenHash: adminPendingSignIns.tokenHash,
      stage: adminPendingSignIns.stage,
      failures: adminPendingSignIns.failures,
      expiresAt: adminPendingSignIns.expiresAt,
      user: { id: adminUsers.id, username: adminUsers.username, role: adminUsers.role },
    })
    .from(adminPendingSignIns)
    .innerJoin(adminUsers, eq(adminUsers.id, adminPendingSignIns.userId))
    .where(
      and(
        eq(adminPendingSignIns.tokenHash, hashSessionToken(token)),
        gt(adminPendingSignIns.expiresAt, now),
      ),
    );
  return row ?? null;
}

/**
 * Counts a wrong code against the pending sign-in; at the limit it ends. Returns true when it
 * is over.
 */
export async function countPendingFailure(db: DatabaseExecutor, tokenHash: string) {
  const [row] = await db
    .update(adminPendingSignIns)
    .set({ failures: sql`${adminPendingSignIns.failures} + 1` })
    .where(eq(adminPendingSignIns.tokenHash, tokenHash))
    .returning({ failures: adminPendingSignIns.failures });
  if (!row || row.failures >= pendingFailureLimit) {
    await deletePendingSignIn(db, tokenHash);
    return true;
  }
  return false;
}

/**
 * Ends a pending sign-in and its WebAuthn challenge. Returns whether it was still there: the
 * one request that deletes it is the one that may finish the sign-in (single use).
 */
export async function deletePendingSignIn(db: DatabaseExecutor, tokenHash: string) {
  await db.delete(adminWebauthnChallenges).where(eq(adminWebauthnChallenges.boundTo, tokenHash));
  const deleted = await db
    .delete(adminPendingSignIns)
    .where(eq(adminPendingSignIns.tokenHash, tokenHash))
    .returning({ tokenHash: adminPendingSignIns.tokenHash });
  return deleted.length === 1;
}
