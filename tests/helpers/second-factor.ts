import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { adminSecuritySettings, adminTotp } from '~/db/schema';
import { secondFactorSecretBox } from '~/server/auth/secret-box';
import { createPendingSignIn, type PendingStage } from '~/server/features/admin/pending-sign-ins';
import { newTotpSecret, totpCodeAt } from '~/server/features/admin/totp';
import { appWithAdmin, createAdmin, type AdminSession } from './admin';
import type { TestApp } from './app';

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

/** The owners' setting, written straight: whether every administrator needs a second factor. */
export async function requireSecondFactor(app: FastifyInstance, value: boolean) {
  await app.database.db
    .insert(adminSecuritySettings)
    .values({ id: 1, requireSecondFactor: value, updatedAt: app.clock() })
    .onConflictDoUpdate({ target: adminSecuritySettings.id, set: { requireSecondFactor: value } });
}

/**
 * The sign-in's steps as the sign-in page posts them from the site: the password, then a later
 * step (`second-factor`, `enrolment/totp`, …) with the pending cookie; or both at once for a new
 * account that must enrol a factor (`enrolling`). `appOf` answers the test
 * file's app (built in its `beforeAll`).
 */
export function signInSteps(appOf: () => FastifyInstance, origin = 'https://tziyun.test') {
  const login = (admin: { username: string; password: string }) =>
    appOf().inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: admin.username, password: admin.password },
      headers: { origin },
    });
  return {
    login,
    /**
     * A new account past its password while the owners require a second factor it lacks: the
     * account and its pending enrolment, as a Cookie header.
     */
    enrolling: async () => {
      await requireSecondFactor(appOf(), true);
      const admin = await createAdmin(appOf());
      return { admin, cookie: pendingCookieOf(await login(admin)) };
    },
    step: (path: string, cookie: string, payload?: unknown) =>
      appOf().inject({
        method: 'POST',
        url: `/api/admin/login/${path}`,
        headers: { origin, cookie },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}

/** The pending sign-in the password step answered with, as a Cookie header. */
export function pendingCookieOf(res: LightMyRequestResponse) {
  const cookie = res.cookies.find((c) => c.name === 'tziyun_sign_in');
  expect(cookie, res.body).toBeDefined();
  return `tziyun_sign_in=${cookie!.value}`;
}

/**
 * The set-up of the second-factor policy tests: the app, an owner signed in to it, and the
 * sign-in's steps against it from the site's origin. Read `app` and `owner` inside tests.
 */
export function setUpSignInTests() {
  let app: TestApp | undefined;
  let owner: AdminSession | undefined;
  beforeAll(async () => {
    ({ app, admin: owner } = await appWithAdmin({ role: 'owner' }));
  });
  afterAll(() => app?.close());
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('setUpSignInTests: read app and owner inside tests');
    return value;
  };
  const origin = 'https://tziyun.test';
  const kit = {
    get app() {
      return started(app);
    },
    get owner() {
      return started(owner);
    },
    origin,
    ...signInSteps(() => started(app), origin),
  };
  return kit;
}
