import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/**
 * Helpers for e2e/admin-second-factor.spec.ts: the codes an authenticator app would show, a
 * virtual authenticator in Chromium (over the DevTools protocol), and accounts made through the
 * owners' API.
 */

/** The code of the time step `offsetSteps` from now, as an app with this secret shows it. */
export function totpCode(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret.replace(/\s/g, '')),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

/**
 * A platform passkey provider for this page (Chromium's virtual authenticator): resident keys,
 * user verification, and presence answered at once, so the browser's prompt needs no person.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials;
    },
  };
}

/**
 * The Origin a browser would send to `base` (an absolute address); none for the shared server's
 * relative paths, where the CSRF token alone is checked, as for any script.
 */
function originOf(base: string): Record<string, string> {
  return base ? { origin: base } : {};
}

/** Signs `request` in with a password (no second factor on the account); its CSRF token. */
export async function apiSignIn(
  request: APIRequestContext,
  base: string,
  username: string,
  password: string,
): Promise<string> {
  const res = await request.post(`${base}/api/admin/login`, {
    data: { username, password },
    headers: originOf(base),
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { csrfToken?: string };
  expect(body.csrfToken, 'signed in without a second step').toBeDefined();
  return body.csrfToken!;
}

/** A new administrator, made by a signed-in owner's `request`. */
export async function createAccount(
  request: APIRequestContext,
  base: string,
  csrfToken: string,
  account: { username: string; password: string; role?: 'owner' | 'admin' },
) {
  const res = await request.post(`${base}/api/admin/users`, {
    data: { role: 'admin', ...account },
    headers: { ...originOf(base), 'x-csrf-token': csrfToken },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * Sets up and confirms the authenticator app through the API (the account's password confirms
 * it); its secret and recovery codes.
 */
export async function enableTotpByApi(
  request: APIRequestContext,
  base: string,
  csrfToken: string,
  password: string,
) {
  const headers = { ...originOf(base), 'x-csrf-token': csrfToken };
  const setup = await request.post(`${base}/api/admin/account/totp`, { headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await request.post(`${base}/api/admin/account/totp/confirm`, {
    headers,
    data: { code: totpCode(secret), password },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  return { secret, recoveryCodes };
}

export function uniqueName(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}
