import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '~/db/client';
import { appSecrets } from '~/db/schema';

/**
 * Seals small secrets that must be read back (an authenticator app's TOTP secret) with
 * AES-256-GCM. `context` (the account's id) is bound in as associated data, so a sealed value
 * copied onto another row does not open. Format: `v1.<iv>.<ciphertext>.<tag>`, base64url.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  /** Null when the value was not sealed by this key for this context. */
  open(sealed: string, context: string): string | null;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('a secret box needs a 32-byte key');
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, body, tag, extra] = sealed.split('.');
      if (version !== 'v1' || !iv || body === undefined || !tag || extra !== undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

const boxes = new WeakMap<Database, Promise<SecretBox>>();

/**
 * The box with this site's key for second-factor secrets: made at random on first use and kept
 * in `app_secrets` (like the link-signing key), so every instance agrees. Loaded once per
 * database. Two instances racing to create it both read back the one that was stored.
 */
export function secondFactorSecretBox(db: Database): Promise<SecretBox> {
  let box = boxes.get(db);
  if (!box) {
    box = loadBox(db, 'second-factor-key');
    box.catch(() => boxes.delete(db));
    boxes.set(db, box);
  }
  return box;
}

async function loadBox(db: Database, name: string): Promise<SecretBox> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`the ${name} could not be stored`);
  return createSecretBox(Buffer.from(row.value, 'base64url'));
}
