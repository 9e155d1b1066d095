import { eq } from 'drizzle-orm';
import { adminTotp } from '~/db/schema';
import type { Database } from '~/db/client';
import type { AccountSecurity } from '~/shared/schemas/admin-second-factor';
import { AppError } from '~/server/errors';
import type { AdminIdentity } from '~/server/auth/sessions';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { listPasskeys, serializePasskey } from './passkeys';
import { endPendingSignIns } from './pending-sign-ins';
import { issueRecoveryCodes, recoveryCodesLeft } from './recovery-codes';
import { hasSecondFactor, secondFactorRequired, secondFactorsOf } from './second-factors';

/** The signed-in administrator's own second factors, as the Account Security tab shows them. */
export async function readAccountSecurity(db: Database, userId: string): Promise<AccountSecurity> {
  const [totp] = await db
    .select({ enabledAt: adminTotp.enabledAt })
    .from(adminTotp)
    .where(eq(adminTotp.userId, userId));
  const passkeys = await listPasskeys(db, userId);
  const enabledAt = totp?.enabledAt ?? null;
  return {
    totp: { enabled: enabledAt !== null, enabledAt: enabledAt?.toISOString() ?? null },
    passkeys: passkeys.map(serializePasskey),
    recoveryCodesLeft: await recoveryCodesLeft(db, userId),
    hasSecondFactor: hasSecondFactor({ totp: enabledAt !== null, passkeys: passkeys.length }),
    secondFactorRequired: await secondFactorRequired(db),
  };
}

/** Ten new recovery codes in place of the old ones (the caller has checked who asks). */
export async function regenerateRecoveryCodes(
  db: Database,
  user: AdminIdentity,
  context: AuditContext,
) {
  return db.transaction(async (tx) => {
    if (!hasSecondFactor(await secondFactorsOf(tx, user.id))) {
      throw new AppError(
        'conflict',
        'Recovery codes stand in for an authenticator app or a passkey: set one of those up first.',
      );
    }
    const recoveryCodes = await issueRecoveryCodes(tx, user.id, context.now);
    // A sign-in begun before may not finish with one of the codes just replaced.
    await endPendingSignIns(tx, user.id);
    await recordAuditBy(tx, context, {
      action: 'recovery-codes-issued',
      target: user.username,
    });
    return { recoveryCodes };
  });
}
