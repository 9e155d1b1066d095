import { Secret, TOTP } from 'otpauth';

/**
 * The authenticator app's codes (RFC 6238) with the parameters every app understands: HMAC-SHA1,
 * 6 digits, 30-second steps (Google Authenticator ignores any others). A 20-byte secret (RFC
 * 4226's recommendation). A code is accepted one step either side of now, for clocks that drift.
 */
export const totpParameters = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
export const totpWindow = 1;
const secretBytes = 20;

/** A new random secret, base32 (what apps take). */
export function newTotpSecret(): string {
  return new Secret({ size: secretBytes }).base32;
}

/** The otpauth:// address the QR code carries: issuer, account and the secret. */
export function totpUri(secret: string, { issuer, account }: { issuer: string; account: string }) {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    ...totpParameters,
  }).toString();
}

/** The time step a code belongs to at `now` (within the window), or null if it matches none. */
export function totpStepOf(secret: string, code: string, now: Date): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    ...totpParameters,
    timestamp: now.getTime(),
    window: totpWindow,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: totpParameters.period, timestamp: now.getTime() }) + delta;
}

/** The code of a step (tests, and the browser tests, compute codes the way an app does). */
export function totpCodeAt(secret: string, now: Date): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    ...totpParameters,
    timestamp: now.getTime(),
  });
}
