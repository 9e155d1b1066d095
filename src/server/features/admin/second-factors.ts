import { and, count, eq, isNotNull } from 'drizzle-orm';
import {
  adminPasskeys,
  adminPendingSignIns,
  adminRecoveryCodes,
  adminSecuritySettings,
  adminTotp,
  adminWebauthnChallenges,
} from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { SecondFactorMethod } from '~/shared/schemas/admin-second-factor';

/** What stands behind an account's password: its app, its passkeys, its unused recovery codes. */
export interface SecondFactors {
  totp: boolean;
  passkeys: number;
}

export async function secondFactorsOf(
  db: DatabaseExecutor,
  userId: string,
): Promise<SecondFactors> {
  const [totp] = await db
    .select({ userId: adminTotp.userId })
    .from(adminTotp)
    .where(and(eq(adminTotp.userId, userId), isNotNull(adminTotp.enabledAt)));
  const [passkeys] = await db
    .select({ n: count() })
    .from(adminPasskeys)
    .where(eq(adminPasskeys.userId, userId));
  return { totp: Boolean(totp), passkeys: passkeys?.n ?? 0 };
}

export function hasSecondFactor(factors: SecondFactors): boolean {
  return factors.totp || factors.passkeys > 0;
}

/** The ways this account can take the second step (recovery codes always stand in). */
export function methodsOf(factors: SecondFactors): SecondFactorMethod[] {
  return [
    ...(factors.totp ? (['totp'] as const) : []),
    ...(factors.passkeys > 0 ? (['passkey'] as const) : []),
    'recovery-code',
  ];
}

/** The owners' setting: must every administrator have a second factor? */
export async function secondFactorRequired(db: DatabaseExecutor): Promise<boolean> {
  const [row] = await db
    .select({ required: adminSecuritySettings.requireSecondFactor })
    .from(adminSecuritySettings)
    .where(eq(adminSecuritySettings.id, 1));
  return row?.required ?? false;
}

/**
 * Removes every second factor of an account: its app, passkeys, recovery codes, challenges and
 * pending sign-ins. Returns what was there, for the audit log and the command line.
 */
export async function removeAllSecondFactors(db: DatabaseExecutor, userId: string) {
  const totp = await db
    .delete(adminTotp)
    .where(eq(adminTotp.userId, userId))
    .returning({ enabledAt: adminTotp.enabledAt });
  const passkeys = await db
    .delete(adminPasskeys)
    .where(eq(adminPasskeys.userId, userId))
    .returning({ id: adminPasskeys.id });
  const codes = await db
    .delete(adminRecoveryCodes)
    .where(eq(adminRecoveryCodes.userId, userId))
    .returning({ usedAt: adminRecoveryCodes.usedAt });
  await db.delete(adminWebauthnChallenges).where(eq(adminWebauthnChallenges.userId, userId));
  await db.delete(adminPendingSignIns).where(eq(adminPendingSignIns.userId, userId));
  return {
    totp: totp.some((t) => t.enabledAt !== null),
    passkeys: passkeys.length,
    recoveryCodes: codes.filter((c) => c.usedAt === null).length,
  };
}
