import { randomBytes } from 'node:crypto';
import type { LinkSigner } from '~/server/lib/signed-link';

/**
 * OWASP's device cookie, against lockout by a username spray: a browser that signed in to a name
 * carries a signed proof of it, and its later attempts for that name are counted under their own
 * key instead of the name's. Nothing is stored per device; the id only names its count.
 */
const PURPOSE = 'admin-device';
const LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/** A new device cookie value for a browser that has just signed in as `username`. */
export function issueDeviceToken(signer: LinkSigner, username: string, now: Date): string {
  const id = randomBytes(16).toString('base64url');
  return signer.sign(PURPOSE, `${id} ${username}`, new Date(now.getTime() + LIFETIME_MS));
}

/** The device id of a valid, unexpired cookie issued for this username; else undefined. */
export function deviceFor(
  signer: LinkSigner,
  token: string | undefined,
  username: string,
  now: Date,
): string | undefined {
  if (!token || token.length > 512) return undefined;
  const check = signer.verify(PURPOSE, token, now);
  if (!check.ok) return undefined;
  const [id, name] = check.subject.split(' ');
  return id && name === username ? id : undefined;
}

export const deviceCookieMaxAgeSeconds = LIFETIME_MS / 1000;
