import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Env } from '~/server/env';

/**
 * Seals the card numbers of monthly OJC gifts (AES-256-GCM), so that the site can charge them
 * again each month without keeping them readable (docs/decisions/009-ojc-monthly-gifts.md).
 *
 * A sealed card reads `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url). The key id (a hash of
 * the key) says which key sealed it, so a rotated key can still open older cards; the gift's id
 * is authenticated with the card, so a sealed card copied onto another gift does not open.
 */
export interface CardVault {
  seal(cardNumber: string, giftId: string): string;
  open(sealed: string, giftId: string): string;
  /** Sealed with an older key: seal it again with the current one. */
  isStale(sealed: string): boolean;
}

const VERSION = 'v1';

export function keyIdOf(key: Buffer) {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

const aad = (giftId: string) => Buffer.from(`ojc-card:${giftId}`);

export function createCardVault(current: Buffer, older: Buffer[] = []): CardVault {
  if (current.length !== 32) throw new Error('the card encryption key must be 32 bytes');
  const currentId = keyIdOf(current);
  const keys = new Map([current, ...older].map((key) => [keyIdOf(key), key]));
  return {
    seal(cardNumber, giftId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(aad(giftId));
      const sealed = Buffer.concat([cipher.update(cardNumber, 'utf8'), cipher.final()]);
      const parts = [iv, sealed, cipher.getAuthTag()].map((b) => b.toString('base64url'));
      return [VERSION, currentId, ...parts].join('.');
    },
    open(sealed, giftId) {
      const [version, keyId, iv, data, tag, extra] = sealed.split('.');
      if (version !== VERSION || !keyId || !iv || !data || !tag || extra !== undefined) {
        throw new Error('not a sealed card');
      }
      const key = keys.get(keyId);
      if (!key) throw new Error(`the card was sealed with an unknown key (${keyId})`);
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aad(giftId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
    isStale(sealed) {
      return sealed.split('.')[1] !== currentId;
    },
  };
}

/** The vault of the settings, or null without a key (monthly OJC gifts are then refused). */
export function cardVaultOf(env: Env): CardVault | null {
  if (!env.OJC_CARD_ENCRYPTION_KEY) return null;
  const older = (env.OJC_CARD_ENCRYPTION_OLD_KEYS ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean)
    .map((key) => Buffer.from(key, 'base64'));
  return createCardVault(Buffer.from(env.OJC_CARD_ENCRYPTION_KEY, 'base64'), older);
}
