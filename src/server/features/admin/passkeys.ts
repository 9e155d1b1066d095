import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, asc, eq } from 'drizzle-orm';
import { adminPasskeys, type AdminPasskey } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { AdminIdentity } from '~/server/auth/sessions';
import { storeChallenge, takeChallenge } from './webauthn-challenges';

/**
 * Passkeys (WebAuthn) as the second factor after the password, through @simplewebauthn/server.
 * The relying party is PUBLIC_URL: its host name is the RP ID, its origin the only one accepted.
 * User verification is asked for but not required: the password is the first factor already.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingPartyOf(publicOrigin: string, name: string): RelyingParty {
  return { id: new URL(publicOrigin).hostname, name, origin: publicOrigin };
}

/**
 * @simplewebauthn/server, loaded at the first passkey ceremony: it takes a quarter of a second to
 * load, which every server start and test file would otherwise pay.
 */
const webauthn = () => import('@simplewebauthn/server');

/** A browser has this long to answer WebAuthn's prompt. */
const ceremonyTimeoutMs = 120_000;

interface Binding {
  rp: RelyingParty;
  /** The token hash of the session or pending sign-in the challenge belongs to. */
  boundTo: string;
  now: Date;
  /** When what it is bound to ends. */
  notAfter?: Date;
}

export function serializePasskey(row: AdminPasskey) {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listPasskeys(db: DatabaseExecutor, userId: string) {
  return db
    .select()
    .from(adminPasskeys)
    .where(eq(adminPasskeys.userId, userId))
    .orderBy(asc(adminPasskeys.createdAt));
}

/** Options for `navigator.credentials.create()`; the challenge is kept, bound to the caller. */
export async function passkeyRegistrationOptions(
  db: DatabaseExecutor,
  user: AdminIdentity,
  { rp, boundTo, now, notAfter }: Binding,
) {
  const existing = await listPasskeys(db, user.id);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: ceremonyTimeoutMs,
  });
  await storeChallenge(db, {
    boundTo,
    ceremony: 'registration',
    userId: user.id,
    challenge: options.challenge,
    now,
    notAfter,
  });
  return options;
}

export type PasskeyCheck<T> = { ok: true; value: T } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Checks a new credential against the challenge this caller was given (used up either way).
 * Returns what is stored of it.
 */
export async function verifyNewPasskey(
  db: DatabaseExecutor,
  userId: string,
  response: RegistrationResponseJSON,
  { rp, boundTo, now }: Binding,
): Promise<PasskeyCheck<Omit<typeof adminPasskeys.$inferInsert, 'userId' | 'name' | 'createdAt'>>> {
  const challenge = await takeChallenge(db, { boundTo, ceremony: 'registration', userId, now });
  if (!challenge) return { ok: false, reason: 'expired' };
  const { verifyRegistrationResponse } = await webauthn();
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return { ok: false, reason: 'invalid' };
    const { credential, credentialBackedUp } = result.registrationInfo;
    return {
      ok: true,
      value: {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        backedUp: credentialBackedUp,
      },
    };
  } catch {
    // A malformed or forged answer: the library says why, which is for no one to read.
    return { ok: false, reason: 'invalid' };
  }
}

/** Options for `navigator.credentials.get()` naming the account's passkeys; challenge kept. */
export async function passkeyAuthenticationOptions(
  db: DatabaseExecutor,
  userId: string,
  { rp, boundTo, now, notAfter }: Binding,
) {
  const passkeys = await listPasskeys(db, userId);
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
    userVerification: 'preferred',
    timeout: ceremonyTimeoutMs,
  });
  await storeChallenge(db, {
    boundTo,
    ceremony: 'authentication',
    userId,
    challenge: options.challenge,
    now,
    notAfter,
  });
  return options;
}

/**
 * Checks a passkey's signature over the challenge this caller was given (used up either way)
 * with the stored public key of one of the account's passkeys, and moves its counter on (a
 * counter that goes backwards means a cloned authenticator: refused by the library).
 */
export async function checkPasskeyAssertion(
  db: DatabaseExecutor,
  userId: string,
  response: AuthenticationResponseJSON,
  { rp, boundTo, now }: Binding,
): Promise<PasskeyCheck<AdminPasskey>> {
  const challenge = await takeChallenge(db, { boundTo, ceremony: 'authentication', userId, now });
  if (!challenge) return { ok: false, reason: 'expired' };
  const [passkey] = await db
    .select()
    .from(adminPasskeys)
    .where(and(eq(adminPasskeys.userId, userId), eq(adminPasskeys.credentialId, response.id)));
  if (!passkey) return { ok: false, reason: 'invalid' };
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    });
    if (!result.verified) return { ok: false, reason: 'invalid' };
    const [updated] = await db
      .update(adminPasskeys)
      .set({
        counter: result.authenticationInfo.newCounter,
        backedUp: result.authenticationInfo.credentialBackedUp,
        lastUsedAt: now,
      })
      .where(eq(adminPasskeys.id, passkey.id))
      .returning();
    return { ok: true, value: updated ?? passkey };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
}
