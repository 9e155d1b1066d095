import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import { adminPasskeys } from '~/db/schema';
import type { Database } from '~/db/client';
import { AppError } from '~/server/errors';
import type { AdminIdentity } from '~/server/auth/sessions';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { serializePasskey, verifyNewPasskey, type RelyingParty } from './passkeys';
import { assertPendingHolds, type PendingSignIn } from './pending-sign-ins';
import { completeFactorAdded, completeFactorRemoved } from './factor-changed';
import { secondFactorsOf } from './second-factors';
import { assertMayRemoveFactor } from './totp-factor';

export const passkeyExpiredMessage = 'The passkey request timed out. Please try again.';
export const passkeyRefusedMessage =
  'This passkey could not be checked. Please try again, or use another one.';

/**
 * Adds a passkey after checking the browser's answer against the challenge this session (or
 * pending sign-in) was given. Returns new recovery codes when it is the account's first second
 * factor, else null. Every pending sign-in of the account ends, but `pending`, the one enrolling
 * it, which must still be waiting to enrol.
 */
export async function addPasskey(
  db: Database,
  user: AdminIdentity,
  input: { name: string; response: RegistrationResponseJSON },
  binding: { rp: RelyingParty; boundTo: string },
  context: AuditContext,
  { pending }: { pending?: PendingSignIn } = {},
) {
  const checked = await verifyNewPasskey(db, user.id, input.response, {
    ...binding,
    now: context.now,
  });
  if (!checked.ok) {
    const message = checked.reason === 'expired' ? passkeyExpiredMessage : passkeyRefusedMessage;
    throw new AppError('bad_request', message);
  }
  return db.transaction(async (tx) => {
    if (pending) await assertPendingHolds(tx, pending, 'enrolment');
    const [taken] = await tx
      .select({ id: adminPasskeys.id })
      .from(adminPasskeys)
      .where(eq(adminPasskeys.credentialId, checked.value.credentialId));
    if (taken) throw new AppError('conflict', 'This passkey is already registered.');
    const before = await secondFactorsOf(tx, user.id);
    const [row] = await tx
      .insert(adminPasskeys)
      .values({ ...checked.value, userId: user.id, name: input.name, createdAt: context.now })
      .returning();
    const recoveryCodes = await completeFactorAdded(
      tx,
      user,
      before,
      { method: 'passkey', name: input.name },
      context,
      pending,
    );
    return { passkey: serializePasskey(row!), recoveryCodes };
  });
}

/** Removes one of the account's passkeys (the caller has checked the password or a code). */
export async function removePasskey(
  db: Database,
  user: AdminIdentity,
  passkeyId: string,
  context: AuditContext,
) {
  await db.transaction(async (tx) => {
    const [passkey] = await tx
      .select({ id: adminPasskeys.id, name: adminPasskeys.name })
      .from(adminPasskeys)
      .where(and(eq(adminPasskeys.id, passkeyId), eq(adminPasskeys.userId, user.id)));
    if (!passkey) throw new AppError('not_found', 'That passkey is not on your account.');
    const factors = await secondFactorsOf(tx, user.id);
    await assertMayRemoveFactor(tx, user.id, { ...factors, passkeys: factors.passkeys - 1 });
    await tx.delete(adminPasskeys).where(eq(adminPasskeys.id, passkey.id));
    await completeFactorRemoved(tx, user, { method: 'passkey', name: passkey.name }, context);
  });
}
