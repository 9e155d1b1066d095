import type { FastifyInstance } from 'fastify';
import { adminTotp } from '~/db/schema';
import { secondFactorSecretBox } from '~/server/auth/secret-box';
import { createPendingSignIn, type PendingStage } from '~/server/features/admin/pending-sign-ins';
import { newTotpSecret, totpCodeAt } from '~/server/features/admin/totp';

/**
 * Second-factor fixtures (docs/decisions/018-admin-second-factor.md), written straight into the
 * database like the other admin fixtures: an account's authenticator app, a pending sign-in.
 */

/** Switches an authenticator app on for the account; returns its secret (base32). */
export async function enableTotp(app: FastifyInstance, userId: string): Promise<string> {
  const secret = newTotpSecret();
  const box = await secondFactorSecretBox(app.database.db);
  await app.database.db.insert(adminTotp).values({
    userId,
    secretSealed: box.seal(secret, userId),
    enabledAt: app.clock(),
    createdAt: app.clock(),
  });
  return secret;
}

/** The code an app would show at `at` (the app's clock by default). */
export function totpCode(app: FastifyInstance, secret: string, at: Date = app.clock()): string {
  return totpCodeAt(secret, at);
}

/** A pending sign-in for the account, as a Cookie header. */
export async function pendingSignInCookie(
  app: FastifyInstance,
  userId: string,
  stage: PendingStage = 'second-factor',
): Promise<string> {
  const { token } = await createPendingSignIn(app.database.db, {
    userId,
    stage,
    now: app.clock(),
  });
  return `${app.adminAuth.pendingCookieName}=${token}`;
}
