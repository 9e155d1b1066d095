import type { DatabaseExecutor } from '~/db/client';
import type { AdminIdentity } from '~/server/auth/sessions';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { recordAudit } from '~/server/services/audit/record-audit';
import { endPendingSignIns, type PendingSignIn } from './pending-sign-ins';
import { issueRecoveryCodes } from './recovery-codes';
import { hasSecondFactor, type SecondFactors } from './second-factors';

/**
 * What follows a second factor added in `tx`, whichever it is: recovery codes when it is the
 * account's first (`before` is what the account had), every pending sign-in ended but
 * `pending` (the one enrolling it), and the audit entry with `details`. Answers the new codes
 * (shown once), or null.
 */
export async function completeFactorAdded(
  tx: DatabaseExecutor,
  user: AdminIdentity,
  before: SecondFactors,
  details: { method: 'passkey' | 'totp'; name?: string },
  context: AuditContext,
  pending: PendingSignIn | undefined,
) {
  const recoveryCodes = hasSecondFactor(before)
    ? null
    : await issueRecoveryCodes(tx, user.id, context.now);
  await endPendingSignIns(tx, user.id, { exceptTokenHash: pending?.tokenHash });
  await recordAudit(tx, {
    actor: context.actor ?? user,
    action: 'second-factor-added',
    target: user.username,
    details: { ...details, recoveryCodesIssued: recoveryCodes !== null },
    ip: context.ip,
    at: context.now,
  });
  return recoveryCodes;
}

/**
 * What follows a second factor removed in `tx`: every pending sign-in of the account ends (it
 * was started with the factors of before), and the audit entry with `details`.
 */
export async function completeFactorRemoved(
  tx: DatabaseExecutor,
  user: AdminIdentity,
  details: { method: 'passkey' | 'totp'; name?: string },
  context: AuditContext,
) {
  await endPendingSignIns(tx, user.id);
  await recordAuditBy(tx, context, {
    action: 'second-factor-removed',
    target: user.username,
    details,
  });
}
