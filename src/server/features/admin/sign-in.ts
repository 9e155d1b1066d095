import { eq } from 'drizzle-orm';
import { adminUsers } from '~/db/schema';
import type { Database } from '~/db/client';
import { clearLoginFailures, forgetOldLoginFailures, reserveLoginAttempt } from './login-throttle';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords';
import { recordAudit } from '../../services/audit/record-audit';
import {
  createSession,
  deleteSessionByToken,
  isWellFormedToken,
  pruneExpiredSessions,
  type AdminIdentity,
} from '../../auth/sessions';

export interface SignInAttempt {
  /** Trimmed and lower-cased. */
  username: string;
  password: string;
  ip: string;
  now: Date;
  /** The session cookie the browser already had, if any: it is ended (rotation). */
  previousToken?: string;
  idleMs: number;
  maxMs: number;
  /** The id of this browser's valid device cookie for this username (device-cookie.ts). */
  device?: string | undefined;
}

export type SignInResult =
  | { outcome: 'signed-in'; user: AdminIdentity; token: string; csrfToken: string }
  | { outcome: 'throttled'; waitMs: number }
  | { outcome: 'refused' };

/**
 * Checks a username and password. Each attempt is reserved in the throttle before its password
 * is checked, and refused there when a key is waiting (login-throttle.ts). An unknown
 * name is verified against a dummy hash, so it takes as long as a wrong password and gets the
 * same answer; the audit log records the name tried, never the password.
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
  const session = await db.transaction(async (tx) => {
    if (isWellFormedToken(attempt.previousToken)) {
      await deleteSessionByToken(tx, attempt.previousToken);
    }
    await pruneExpiredSessions(tx, { now, idleMs: attempt.idleMs });
    const created = await createSession(tx, { userId: user.id, now, maxMs: attempt.maxMs });
    await tx.update(adminUsers).set({ lastSignInAt: now }).where(eq(adminUsers.id, user.id));
    await clearLoginFailures(tx, { username, ip, device });
    await recordAudit(tx, { actor: user, action: 'sign-in', ip, at: now });
    return created;
  });
  return { outcome: 'signed-in', user, ...session };
}
