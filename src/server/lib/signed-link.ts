import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '~/db/client';
import { appSecrets } from '~/db/schema';

export type LinkCheck =
  { ok: true; subject: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Signs the links emails carry (manage a monthly gift, cancel an OJC gift): a token names its
 * purpose, its subject (an id) and when it expires, with an HMAC-SHA256 over all three. Nothing
 * is stored per link; a token for one purpose is worthless for another.
 */
export interface LinkSigner {
  sign(purpose: string, subject: string, expiresAt: Date): string;
  verify(purpose: string, token: string, now: Date): LinkCheck;
}

const SECRET_NAME = 'link-signing-key';

export function createLinkSigner(key: Buffer): LinkSigner {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign(purpose, subject, expiresAt) {
      const payload = Buffer.from(
        JSON.stringify({ p: purpose, s: subject, e: Math.floor(expiresAt.getTime() / 1000) }),
      ).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(purpose, token, now) {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'invalid' };
      }
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      const { p, s, e } = (claims ?? {}) as Record<string, unknown>;
      if (p !== purpose || typeof s !== 'string' || typeof e !== 'number') {
        return { ok: false, reason: 'invalid' };
      }
      const expiresAt = new Date(e * 1000);
      if (expiresAt <= now) return { ok: false, reason: 'expired' };
      return { ok: true, subject: s, expiresAt };
    },
  };
}

/**
 * The signer with this site's key: made at random on the first boot and kept in the database,
 * so every instance and restart agrees without a setting to configure. Two instances booting
 * together both try to insert; the first one wins and both read it back.
 */
export async function loadLinkSigner(db: Database): Promise<LinkSigner> {
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (!row) throw new Error('the link-signing key could not be stored');
  return createLinkSigner(Buffer.from(row.value, 'base64url'));
}
