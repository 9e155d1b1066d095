import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '~/db/client';
import { makePrivateDir } from '~/db/private-files';
import { appSecrets } from '~/db/schema';
import { parseEnv, type Env } from '~/server/env';
import { resolveDataDir } from '~/server/lib/paths';

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

/**
 * The site's keys come from one secret outside the database (ADR 020): `APP_SECRET`, or on a
 * deployment without it the file `DATA_DIR/app-secret`. Each purpose gets its own 32-byte key
 * through HKDF-SHA256 with a distinct `info`, so a key for one purpose says nothing of another.
 */
export type AppKeyPurpose = 'link-signing' | 'second-factor-box';

export function deriveAppKey(appSecret: string, purpose: AppKeyPurpose): Buffer {
  return Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(appSecret, 'utf8'),
      'tziyun app keys',
      `tziyun ${purpose} v1`,
      32,
    ),
  );
}

export const APP_SECRET_FILE = 'app-secret';

type SecretSettings = Pick<Env, 'APP_SECRET' | 'DATA_DIR' | 'DATABASE_URL' | 'NODE_ENV'>;

/**
 * `APP_SECRET` when set. Otherwise a random secret made once and kept in `DATA_DIR/app-secret`
 * (mode 0600), so `npm install && npm start` works with no settings; in production that is
 * said in a warning, since the secret then lives beside the data. Production on PostgreSQL
 * without `APP_SECRET` is refused (by `parseEnv` first, and here again): every instance needs
 * the same secret, and it must not live in the database.
 */
export async function resolveAppSecret(
  env: SecretSettings,
  log?: { warn(message: string): void },
): Promise<string> {
  if (env.APP_SECRET) return env.APP_SECRET;
  if (env.NODE_ENV === 'production' && env.DATABASE_URL) {
    throw new Error(
      'APP_SECRET is not set: every instance on PostgreSQL needs the same secret, and it must not live in the database (openssl rand -base64 32)',
    );
  }
  const dir = resolveDataDir(env.DATA_DIR);
  const file = join(dir, APP_SECRET_FILE);
  makePrivateDir(dir);
  try {
    await writeFile(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) {
    throw new Error(
      `${file} holds no secret of at least 32 characters: delete it or set APP_SECRET`,
    );
  }
  if (env.NODE_ENV === 'production') {
    log?.warn(
      `APP_SECRET is not set: the key for email links and second factors is kept in ${file}, beside the data, so a backup of DATA_DIR can forge links. Set APP_SECRET (openssl rand -base64 32) and keep it out of the backups' reach`,
    );
  }
  return secret;
}

const boxes = new WeakMap<Database, Promise<SecretBox>>();

/** Where early installs kept a random second-factor key in `app_secrets`; deleted at boot. */
const LEGACY_SECOND_FACTOR_KEY = 'second-factor-key';

/**
 * Makes this database's second-factor box the one derived from `appSecret`, and deletes a
 * random key kept in `app_secrets` by early installs (a backup holding it opened the sealed TOTP
 * secrets). Called at boot by `loadSiteKeys`. Values sealed under that key do not open; no
 * production account has one: the second factor and this key's removal went live together (ADR 020).
 */
export async function installSecondFactorKey(db: Database, appSecret: string): Promise<SecretBox> {
  const box = createSecretBox(deriveAppKey(appSecret, 'second-factor-box'));
  boxes.set(db, Promise.resolve(box));
  await db.delete(appSecrets).where(eq(appSecrets.name, LEGACY_SECOND_FACTOR_KEY));
  return box;
}

/**
 * The box for second-factor secrets, with the key derived from `APP_SECRET` (ADR 020): the one
 * the app loaded at boot for this database, or, where no app did (the command line), the one
 * the process's own settings give. Never a key stored in the database.
 */
export function secondFactorSecretBox(db: Database): Promise<SecretBox> {
  let box = boxes.get(db);
  if (!box) {
    box = resolveAppSecret(parseEnv(process.env)).then((secret) =>
      createSecretBox(deriveAppKey(secret, 'second-factor-box')),
    );
    box.catch(() => boxes.delete(db));
    boxes.set(db, box);
  }
  return box;
}
