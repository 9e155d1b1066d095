import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Database } from '~/db/client';
import type { SecondFactorMethod } from '~/shared/schemas/admin-second-factor';
import { AppError } from '~/server/errors';
import { secondFactorSecretBox } from '~/server/auth/secret-box';
import type { AdminIdentity } from '~/server/auth/sessions';
import { recordAudit } from '~/server/services/audit/record-audit';
import { forgetOldLoginFailures, reserveLoginAttempt } from './login-throttle';
import { addPasskey } from './manage-passkeys';
import { checkPasskeyAssertion, type RelyingParty } from './passkeys';
import { countPendingFailure, type PendingSignIn } from './pending-sign-ins';
import { recoveryCodesLeft, spendRecoveryCode } from './recovery-codes';
import { completeSignIn, type SignInContext } from './sign-in';
import { acceptTotpCode, confirmTotp } from './totp-factor';

/**
 * The second step of a sign-in (docs/decisions/018-admin-second-factor.md): a code from the
 * authenticator app, a recovery code or a passkey, for the pending sign-in the browser's cookie
 * names; or, when the site requires a second factor and the account has none, enrolling one.
 */

export type SecondStepInput =
  | { method: 'totp'; code: string }
  | { method: 'recovery-code'; code: string }
  | { method: 'passkey'; response: AuthenticationResponseJSON };

export type SecondStepResult =
  | { outcome: 'signed-in'; user: AdminIdentity; token: string; csrfToken: string }
  | { outcome: 'throttled'; waitMs: number }
  | { outcome: 'wrong'; method: SecondFactorMethod; ended: boolean };

export function assertStage(pending: PendingSignIn, stage: PendingSignIn['stage']) {
  if (pending.stage === stage) return;
  throw new AppError(
    'conflict',
    stage === 'second-factor'
      ? 'This sign-in is waiting for a second factor to be set up.'
      : 'This sign-in is waiting for your second factor.',
  );
}

/**
 * Checks the second factor. Like a password, each try is reserved in the login throttle first
 * (under the name and address, the address, and the name or this browser's device), and a wrong
 * one stays counted; a pending sign-in also ends after a few wrong tries. A success gives back
 * the password's reservation and this one's, and signs in.
 */
export async function finishWithSecondFactor(
  db: Database,
  pending: PendingSignIn,
  input: SecondStepInput,
  { rp, ...context }: SignInContext & { rp: RelyingParty },
): Promise<SecondStepResult> {
  assertStage(pending, 'second-factor');
  const { user } = pending;
  const { ip, now, device } = context;
  const waitMs = await reserveLoginAttempt(db, { username: user.username, ip, now, device });
  if (waitMs > 0) return { outcome: 'throttled', waitMs };

  let accepted: boolean;
  const details: Record<string, unknown> = { secondFactor: input.method };
  switch (input.method) {
    case 'totp':
      accepted = await acceptTotpCode(db, await secondFactorSecretBox(db), user.id, input.code, {
        now,
      });
      break;
    case 'recovery-code':
      accepted = await spendRecoveryCode(db, user.id, input.code, now);
      if (accepted) details.recoveryCodesLeft = await recoveryCodesLeft(db, user.id);
      break;
    case 'passkey': {
      const checked = await checkPasskeyAssertion(db, user.id, input.response, {
        rp,
        boundTo: pending.tokenHash,
        now,
      });
      accepted = checked.ok;
      if (checked.ok) details.passkey = checked.value.name;
      break;
    }
  }

  if (!accepted) {
    await forgetOldLoginFailures(db, now);
    const ended = await countPendingFailure(db, pending.tokenHash);
    await recordAudit(db, {
      actor: null,
      action: 'sign-in-failed',
      target: user.username,
      details: { step: 'second-factor', method: input.method, ...(ended ? { ended: true } : {}) },
      ip,
      at: now,
    });
    return { outcome: 'wrong', method: input.method, ended };
  }
  const session = await completeSignIn(db, user, context, {
    reservations: 2,
    pending,
    details,
  });
  return { outcome: 'signed-in', user, ...session };
}

export type EnrolmentInput =
  | { method: 'totp'; code: string }
  | { method: 'passkey'; name: string; response: RegistrationResponseJSON };

/**
 * Enrols the first second factor of an account that must have one, then signs in: the app
 * (with a first code) or a passkey. A wrong code counts against the pending sign-in. Returns
 * the session and the account's new recovery codes.
 */
export async function finishWithEnrolment(
  db: Database,
  pending: PendingSignIn,
  input: EnrolmentInput,
  { rp, ...context }: SignInContext & { rp: RelyingParty },
) {
  assertStage(pending, 'enrolment');
  const { user } = pending;
  const audit = { actor: user, ip: context.ip, now: context.now };
  let added: { recoveryCodes: string[] | null };
  try {
    added =
      input.method === 'totp'
        ? await confirmTotp(db, user, input.code, audit, { pending })
        : await addPasskey(db, user, input, { rp, boundTo: pending.tokenHash }, audit, {
            pending,
          });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400) {
      if (await countPendingFailure(db, pending.tokenHash)) {
        throw new AppError('unauthorized', tooManyTriesMessage);
      }
    }
    throw error;
  }
  const session = await completeSignIn(db, user, context, {
    reservations: 1,
    pending,
    details: { enrolled: input.method },
  });
  return { user, ...session, recoveryCodes: added.recoveryCodes ?? [] };
}

export const tooManyTriesMessage =
  'That was too many wrong tries for one sign-in. Please sign in again with your password.';
