import { and, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import { adminPendingSignIns, adminUsers, adminWebauthnChallenges } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { AppError } from '~/server/errors';
import {
  adminIdentityColumns,
  hashSessionToken,
  isWellFormedToken,
  newRandomToken,
} from '~/server/auth/sessions';
import type { AdminIdentity } from '~/server/auth/sessions';
import { hasSecondFactor, secondFactorRequired, secondFactorsOf } from './second-factors';

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
  createdAt: Date;
  expiresAt: Date;
}

export const pendingEndedMessage =
  'Your sign-in has timed out or was already used. Please sign in again.';

/**
 * The second step an account's sign-in needs now: its second factor when it has one, enrolling
 * one when the site requires it, else none (the password alone signs in).
 */
export async function stageOf(db: DatabaseExecutor, userId: string): Promise<PendingStage | null> {
  if (hasSecondFactor(await secondFactorsOf(db, userId))) return 'second-factor';
  return (await secondFactorRequired(db)) ? 'enrolment' : null;
}

/**
 * Whether a pending sign-in still fits its account: the password it was started with is still
 * the account's (no change since), and the account still needs `stage` (by default the stage it
 * was started for). A pending sign-in is a promise made at password time; a reset, a new or
 * removed factor or the owners' setting changing since then breaks that promise.
 */
export async function pendingStillHolds(
  db: DatabaseExecutor,
  pending: Pick<PendingSignIn, 'user' | 'createdAt' | 'stage'>,
  stage: PendingStage = pending.stage,
): Promise<boolean> {
  const [account] = await db
    .select({ passwordChangedAt: adminUsers.passwordChangedAt })
    .from(adminUsers)
    .where(eq(adminUsers.id, pending.user.id));
  if (!account || account.passwordChangedAt > pending.createdAt) return false;
  return (await stageOf(db, pending.user.id)) === stage;
}

/** Throws the "sign in again" answer (401) unless the pending sign-in still holds. */
export async function assertPendingHolds(
  db: DatabaseExecutor,
  pending: Pick<PendingSignIn, 'user' | 'createdAt' | 'stage'>,
  stage: PendingStage = pending.stage,
) {
  if (!(await pendingStillHolds(db, pending, stage))) {
    throw new AppError('unauthorized', pendingEndedMessage);
  }
}

/**
 * Locks the account's row while `passwordHash` (the hash a password was just checked against)
 * is still its own; false when it is not. Called before a pending sign-in is made, in the same
 * transaction: a password change that landed during the check (argon2id takes a while) either
 * came first and refuses this sign-in, or waits for it and then ends it with the others.
 */
export async function lockAccountWithPassword(
  db: DatabaseExecutor,
  userId: string,
  passwordHash: string,
): Promise<boolean> {
  const [current] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.id, userId), eq(adminUsers.passwordHash, passwordHash)))
    .for('update');
  return current !== undefined;
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

/**
 * The live pending sign-in a cookie names, with its account; null if none, expired, or no longer
 * fitting its account (pendingStillHolds: it is ended then).
 */
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
      createdAt: adminPendingSignIns.createdAt,
      expiresAt: adminPendingSignIns.expiresAt,
      user: adminIdentityColumns,
    })
    .from(adminPendingSignIns)
    .innerJoin(adminUsers, eq(adminUsers.id, adminPendingSignIns.userId))
    .where(
      and(
        eq(adminPendingSignIns.tokenHash, hashSessionToken(token)),
        gt(adminPendingSignIns.expiresAt, now),
      ),
    );
  if (!row) return null;
  if (!(await pendingStillHolds(db, row))) {
    await deletePendingSignIn(db, row.tokenHash);
    return null;
  }
  return row;
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

/**
 * Ends every pending sign-in of an account (but `exceptTokenHash`, the one enrolling right now)
 * and their WebAuthn challenges: after its password, its sessions or its second factors changed,
 * a sign-in begun before must start again from the password. Returns how many ended.
 */
export async function endPendingSignIns(
  db: DatabaseExecutor,
  userId: string,
  { exceptTokenHash }: { exceptTokenHash?: string | undefined } = {},
): Promise<number> {
  const ofAccount = and(
    eq(adminPendingSignIns.userId, userId),
    exceptTokenHash ? ne(adminPendingSignIns.tokenHash, exceptTokenHash) : undefined,
  );
  await db
    .delete(adminWebauthnChallenges)
    .where(
      inArray(
        adminWebauthnChallenges.boundTo,
        db
          .select({ tokenHash: adminPendingSignIns.tokenHash })
          .from(adminPendingSignIns)
          .where(ofAccount),
      ),
    );
  const ended = await db
    .delete(adminPendingSignIns)
    .where(ofAccount)
    .returning({ tokenHash: adminPendingSignIns.tokenHash });
  return ended.length;
}
