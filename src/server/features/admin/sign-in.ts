import { eq } from 'drizzle-orm';
import { adminUsers } from '~/db/schema';
import type { Database } from '~/db/client';
import type { SecondFactorMethod } from '~/shared/schemas/admin-second-factor';
import { AppError } from '~/server/errors';
import {
  clearLoginFailures,
  forgetOldLoginFailures,
  reserveLoginAttempt,
  type Attempt,
} from './login-throttle';
import { dummyPasswordHash, verifyPassword } from '~/server/auth/passwords';
import { recordAudit } from '~/server/services/audit/record-audit';
import {
  createSession,
  deleteSessionByToken,
  isWellFormedToken,
  pruneExpiredSessions,
  type AdminIdentity,
} from '~/server/auth/sessions';
import {
  assertPendingHolds,
  createPendingSignIn,
  deletePendingSignIn,
  lockAccountWithPassword,
  pendingEndedMessage,
  type PendingSignIn,
  type PendingStage,
} from './pending-sign-ins';
import {
  hasSecondFactor,
  methodsOf,
  secondFactorRequired,
  secondFactorsOf,
} from './second-factors';

/** What every step of a sign-in knows about the browser and the session settings. */
export interface SignInContext {
  ip: string;
  now: Date;
  /** The session cookie the browser already had, if any: it is ended (rotation). */
  previousToken?: string | undefined;
  idleMs: number;
  maxMs: number;
  /** The id of this browser's valid device cookie for this username (device-cookie.ts). */
  device?: string | undefined;
}

export interface SignInAttempt extends SignInContext {
  /** Trimmed and lower-cased. */
  username: string;
  password: string;
  /** The browser's pending sign-in cookie, if any: a new password step replaces it. */
  previousPendingToken?: string | undefined;
}

export type SignInResult =
  | { outcome: 'signed-in'; user: AdminIdentity; token: string; csrfToken: string }
  | {
      outcome: 'second-step';
      stage: PendingStage;
      methods: SecondFactorMethod[];
      pendingToken: string;
      expiresAt: Date;
    }
  | { outcome: 'throttled'; waitMs: number }
  | { outcome: 'refused' };

/**
 * Checks a username and password. Each attempt is reserved in the throttle before its password
 * is checked, and refused there when a key is waiting (login-throttle.ts). An unknown
 * name is verified against a dummy hash, so it takes as long as a wrong password and gets the
 * same answer; the audit log records the name tried, never the password.
 *
 * An account with a second factor (or any account, when the site requires one) is not signed in
 * yet: a pending sign-in starts, and the password's reservation stays counted until the second
 * step succeeds, so a guesser who has the password cannot reset the counts by giving it again.
 */
export async function signIn(db: Database, attempt: SignInAttempt): Promise<SignInResult> {
  const { username, password, ip, now, device } = attempt;
  const waitMs = await reserveLoginAttempt(db, { username, ip, now, device });
  if (waitMs > 0) return { outcome: 'throttled', waitMs };

  const [account] = await db.select().from(adminUsers).where(eq(adminUsers.username, username));
  const valid = await verifyPassword(
    account?.passwordHash ?? (await dummyPasswordHash()),
    password,
  );
  if (!account || !valid) {
    await forgetOldLoginFailures(db, now);
    await recordAudit(db, {
      actor: null,
      action: 'sign-in-failed',
      target: username.slice(0, 64),
      ip,
      at: now,
    });
    return { outcome: 'refused' };
  }

  const user: AdminIdentity = { id: account.id, username: account.username, role: account.role };
  const factors = await secondFactorsOf(db, user.id);
  if (hasSecondFactor(factors) || (await secondFactorRequired(db))) {
    const stage: PendingStage = hasSecondFactor(factors) ? 'second-factor' : 'enrolment';
    const pending = await db.transaction(async (tx) => {
      if (!(await lockAccountWithPassword(tx, user.id, account.passwordHash))) return null;
      const created = await createPendingSignIn(tx, {
        userId: user.id,
        stage,
        now,
        previousToken: attempt.previousPendingToken,
      });
      await recordAudit(tx, {
        actor: user,
        action: 'sign-in-second-step',
        details: { stage },
        ip,
        at: now,
      });
      return created;
    });
    // The password was changed while it was being checked: it is no longer this account's.
    if (!pending) return { outcome: 'refused' };
    return {
      outcome: 'second-step',
      stage,
      methods: stage === 'second-factor' ? methodsOf(factors) : [],
      pendingToken: pending.token,
      expiresAt: pending.expiresAt,
    };
  }

  const session = await completeSignIn(db, user, attempt, { reservations: 1 });
  return { outcome: 'signed-in', user, ...session };
}

/**
 * The end of every sign-in: a new session (the browser's old one ended), the throttle's
 * reservations given back (`reservations`: the password's, and the second step's), the audit
 * entry. With `pending`, the pending sign-in is used up in the same transaction, and only the
 * request that deletes it gets the session (single use); and it is checked once more against
 * the account as it is now: the same password as when it began, and a second factor (the one
 * just used, or just enrolled). A reset or a removed factor in between refuses it.
 */
export async function completeSignIn(
  db: Database,
  user: AdminIdentity,
  context: SignInContext,
  {
    reservations,
    pending,
    details,
  }: { reservations: number; pending?: PendingSignIn; details?: Record<string, unknown> },
) {
  const { ip, now, device } = context;
  const keys: Omit<Attempt, 'now'> = { username: user.username, ip, device };
  return db.transaction(async (tx) => {
    if (pending) {
      if (!(await deletePendingSignIn(tx, pending.tokenHash))) {
        throw new AppError('unauthorized', pendingEndedMessage);
      }
      await assertPendingHolds(tx, pending, 'second-factor');
    }
    if (isWellFormedToken(context.previousToken)) {
      await deleteSessionByToken(tx, context.previousToken);
    }
    await pruneExpiredSessions(tx, { now, idleMs: context.idleMs });
    const created = await createSession(tx, { userId: user.id, now, maxMs: context.maxMs });
    await tx.update(adminUsers).set({ lastSignInAt: now }).where(eq(adminUsers.id, user.id));
    for (let i = 0; i < reservations; i += 1) await clearLoginFailures(tx, keys);
    await recordAudit(tx, { actor: user, action: 'sign-in', details, ip, at: now });
    return created;
  });
}

export { pendingEndedMessage };
