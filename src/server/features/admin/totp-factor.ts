import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import QRCode from 'qrcode';
import { adminRecoveryCodes, adminTotp } from '~/db/schema';
import type { Database, DatabaseExecutor } from '~/db/client';
import type { TotpSetup } from '~/shared/schemas/admin-second-factor';
import { AppError } from '~/server/errors';
import type { AdminIdentity } from '~/server/auth/sessions';
import { secondFactorSecretBox, type SecretBox } from '~/server/auth/secret-box';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { assertPendingHolds, type PendingSignIn } from './pending-sign-ins';
import { completeFactorAdded, completeFactorRemoved } from './factor-changed';
import { hasSecondFactor, secondFactorRequired, secondFactorsOf } from './second-factors';
import { newTotpSecret, totpStepOf, totpUri } from './totp';

export const wrongCodeMessage =
  'That code did not work. Check the time on your phone and enter the newest code.';

/**
 * Starts (or starts again) setting up the authenticator app: a new secret, sealed, not yet
 * switched on. The secret and its QR code are answered this once; afterwards the server never
 * shows it again. Refused while the app is switched on (switch it off first).
 */
export async function startTotpSetup(
  db: Database,
  user: AdminIdentity,
  { issuer, now }: { issuer: string; now: Date },
): Promise<TotpSetup> {
  const [current] = await db
    .select({ enabledAt: adminTotp.enabledAt })
    .from(adminTotp)
    .where(eq(adminTotp.userId, user.id));
  if (current?.enabledAt) {
    throw new AppError(
      'conflict',
      'Your authenticator app is already set up. To move it to another phone, switch it off first.',
    );
  }
  const secret = newTotpSecret();
  const box = await secondFactorSecretBox(db);
  const secretSealed = box.seal(secret, user.id);
  await db
    .insert(adminTotp)
    .values({ userId: user.id, secretSealed, createdAt: now })
    .onConflictDoUpdate({
      target: adminTotp.userId,
      set: { secretSealed, createdAt: now, lastUsedStep: null },
      setWhere: isNull(adminTotp.enabledAt),
    });
  const uri = totpUri(secret, { issuer, account: user.username });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret,
    uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Checks a code against the account's app (switched on, or being set up when `settingUp`) and
 * takes its time step: a code of that step or an earlier one is never accepted again. One
 * statement decides, so the same code sent twice at once succeeds once.
 */
export async function acceptTotpCode(
  db: DatabaseExecutor,
  box: SecretBox,
  userId: string,
  code: string,
  { now, settingUp = false }: { now: Date; settingUp?: boolean },
): Promise<boolean> {
  const state = settingUp ? isNull(adminTotp.enabledAt) : isNotNull(adminTotp.enabledAt);
  const [row] = await db
    .select({ secretSealed: adminTotp.secretSealed })
    .from(adminTotp)
    .where(and(eq(adminTotp.userId, userId), state));
  if (!row) return false;
  const secret = box.open(row.secretSealed, userId);
  if (secret === null) return false;
  const step = totpStepOf(secret, code, now);
  if (step === null) return false;
  const taken = await db
    .update(adminTotp)
    .set({ lastUsedStep: step, ...(settingUp ? { enabledAt: now } : {}) })
    .where(
      and(
        eq(adminTotp.userId, userId),
        state,
        or(isNull(adminTotp.lastUsedStep), lt(adminTotp.lastUsedStep, step)),
      ),
    )
    .returning({ userId: adminTotp.userId });
  return taken.length === 1;
}

/**
 * Switches the app on with a first valid code. Returns new recovery codes when it is the
 * account's first second factor (shown once), else null. Every pending sign-in of the account
 * ends, but `pending`, the one enrolling it, which must still be waiting to enrol (an account
 * that got another factor or a new password since its password step may not enrol through it).
 */
export async function confirmTotp(
  db: Database,
  user: AdminIdentity,
  code: string,
  context: AuditContext,
  { pending }: { pending?: PendingSignIn } = {},
): Promise<{ recoveryCodes: string[] | null }> {
  const box = await secondFactorSecretBox(db);
  return db.transaction(async (tx) => {
    if (pending) await assertPendingHolds(tx, pending, 'enrolment');
    const before = await secondFactorsOf(tx, user.id);
    if (before.totp) {
      throw new AppError('conflict', 'Your authenticator app is already set up.');
    }
    const accepted = await acceptTotpCode(tx, box, user.id, code, {
      now: context.now,
      settingUp: true,
    });
    if (!accepted) {
      throw new AppError('validation_failed', wrongCodeMessage, { code: wrongCodeMessage });
    }
    const recoveryCodes = await completeFactorAdded(
      tx,
      user,
      before,
      { method: 'totp' },
      context,
      pending,
    );
    return { recoveryCodes };
  });
}

/**
 * Refuses to take away an account's last second factor while the site requires one; when the
 * last one goes, its recovery codes go with it (they stand in for a factor, not alone).
 */
export async function assertMayRemoveFactor(
  db: DatabaseExecutor,
  userId: string,
  remaining: { totp: boolean; passkeys: number },
) {
  if (hasSecondFactor(remaining)) return;
  if (await secondFactorRequired(db)) {
    throw new AppError(
      'conflict',
      'This site requires a second factor for every administrator. Add another one (an authenticator app or a passkey) before removing this one.',
    );
  }
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
}

/** Switches the app off (the caller has checked the password or a code). */
export async function disableTotp(db: Database, user: AdminIdentity, context: AuditContext) {
  await db.transaction(async (tx) => {
    const factors = await secondFactorsOf(tx, user.id);
    if (!factors.totp) throw new AppError('conflict', 'Your authenticator app is not set up.');
    await assertMayRemoveFactor(tx, user.id, { ...factors, totp: false });
    await tx.delete(adminTotp).where(eq(adminTotp.userId, user.id));
    await completeFactorRemoved(tx, user, { method: 'totp' }, context);
  });
}
