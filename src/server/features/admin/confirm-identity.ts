import { eq } from 'drizzle-orm';
import { adminUsers } from '~/db/schema';
import type { Database } from '~/db/client';
import { AppError } from '~/server/errors';
import { verifyPassword } from '~/server/auth/passwords';
import { secondFactorSecretBox } from '~/server/auth/secret-box';
import type { AdminIdentity } from '~/server/auth/sessions';
import { clearLoginFailures, forgetOldLoginFailures, reserveLoginAttempt } from './login-throttle';
import { acceptTotpCode, wrongCodeMessage } from './totp-factor';

export const wrongPasswordMessage = 'That is not your password.';

/**
 * A second look before a signed-in administrator weakens their account (switches the app off,
 * removes a passkey, makes new recovery codes): their password, or a current code from their
 * authenticator app. Tries count in the login throttle like sign-in attempts, so an unattended
 * session cannot be used to guess the password. Throws when the check fails (400, never 401:
 * the session itself is fine).
 */
export async function confirmIdentity(
  db: Database,
  user: AdminIdentity,
  input: { password?: string | undefined; code?: string | undefined },
  { ip, now, device }: { ip: string; now: Date; device?: string | undefined },
) {
  const keys = { username: user.username, ip, device };
  const waitMs = await reserveLoginAttempt(db, { ...keys, now });
  if (waitMs > 0) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new AppError(
      'rate_limited',
      `Too many tries. Please wait ${seconds} seconds and try again.`,
    );
  }
  const code = input.code?.replace(/[\s-]/g, '');
  let valid: boolean;
  if (code) {
    valid = await acceptTotpCode(db, await secondFactorSecretBox(db), user.id, code, { now });
  } else {
    const [account] = await db
      .select({ passwordHash: adminUsers.passwordHash })
      .from(adminUsers)
      .where(eq(adminUsers.id, user.id));
    valid = account ? await verifyPassword(account.passwordHash, input.password ?? '') : false;
  }
  if (!valid) {
    await forgetOldLoginFailures(db, now);
    const [field, message] = code ? ['code', wrongCodeMessage] : ['password', wrongPasswordMessage];
    throw new AppError('validation_failed', message, { [field]: message });
  }
  await clearLoginFailures(db, keys);
}
