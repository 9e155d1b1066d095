import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '~/db/client';
import { appSecrets } from '~/db/schema';
import { deriveAppKey, resolveAppSecret, installSecondFactorKey } from '~/server/auth/secret-box';
import type { Env } from '~/server/env';

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

/** What making an emailed link needs: the site's signer and its public address. */
export interface SignedLinks {
  linkSigner: LinkSigner;
  publicUrl: string;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * `<PUBLIC_URL><path>?token=…`: a link whose token names `subject` for `purpose` and expires
 * `days` after `now` (when the mail carrying it is queued).
 */
export function signedUrl(
  links: SignedLinks,
  { days, ...link }: { purpose: string; subject: string; path: string; days: number },
  now: Date,
): string {
  return signedUrlUntil(links, link, new Date(now.getTime() + days * dayMs));
}

/** `<PUBLIC_URL><path>?token=…`, its token naming `subject` for `purpose` until `expiresAt`. */
export function signedUrlUntil(
  links: SignedLinks,
  { purpose, subject, path }: { purpose: string; subject: string; path: string },
  expiresAt: Date,
): string {
  const token = links.linkSigner.sign(purpose, subject, expiresAt);
  return `${links.publicUrl}${path}?token=${encodeURIComponent(token)}`;
}

/**
 * A key of earlier versions, kept in `app_secrets`: it still verifies (never signs) tokens that
 * expire by `acceptsUntil`, so links already sent keep working for their lifetime (ADR 020).
 */
export interface RetiringKey {
  key: Buffer;
  acceptsUntil: Date;
}

export function createLinkSigner(key: Buffer, retiring?: RetiringKey): LinkSigner {
  const mac = (secret: Buffer, payload: string) =>
    createHmac('sha256', secret).update(payload).digest();
  const matches = (secret: Buffer, payload: string, given: Buffer) => {
    const expected = mac(secret, payload);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  return {
    sign(purpose, subject, expiresAt) {
      const payload = Buffer.from(
        JSON.stringify({ p: purpose, s: subject, e: Math.floor(expiresAt.getTime() / 1000) }),
      ).toString('base64url');
      return `${payload}.${mac(key, payload).toString('base64url')}`;
    },
    verify(purpose, token, now) {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'invalid' };
      const given = Buffer.from(signature, 'base64url');
      let endsBy: Date | undefined;
      if (!matches(key, payload, given)) {
        if (!retiring || !matches(retiring.key, payload, given)) {
          return { ok: false, reason: 'invalid' };
        }
        endsBy = retiring.acceptsUntil;
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
      // The old key proves only tokens that end within its window: one claiming a later expiry
      // was forged with a copy of it (a backup), since no link that old lives that long.
      if (endsBy && expiresAt > endsBy) {
        return { ok: false, reason: 'invalid' };
      }
      if (expiresAt <= now) return { ok: false, reason: 'expired' };
      return { ok: true, subject: s, expiresAt };
    },
  };
}

/** Where earlier versions kept the link-signing key, and when it stops verifying. */
export const LEGACY_LINK_KEY = 'link-signing-key';
export const LEGACY_LINK_KEY_RETIRE_AT = 'link-signing-key-retire-at';
/** The longest a link lives (manage and cancel links, 60 days). */
export const LEGACY_LINK_WINDOW_MS = 60 * 24 * 60 * 60 * 1000;

/**
 * The key earlier versions stored in `app_secrets`, while its window lasts. On the first boot
 * that finds it, the window is fixed (now + 60 days, the longest a link lives) and stored; on a
 * boot after it, the key and the date are deleted.
 */
async function retiringLinkKey(db: Database, now: Date): Promise<RetiringKey | undefined> {
  const [legacy] = await db.select().from(appSecrets).where(eq(appSecrets.name, LEGACY_LINK_KEY));
  if (!legacy) {
    await db.delete(appSecrets).where(eq(appSecrets.name, LEGACY_LINK_KEY_RETIRE_AT));
    return undefined;
  }
  await db
    .insert(appSecrets)
    .values({
      name: LEGACY_LINK_KEY_RETIRE_AT,
      value: new Date(now.getTime() + LEGACY_LINK_WINDOW_MS).toISOString(),
    })
    .onConflictDoNothing();
  const [retireAt] = await db
    .select()
    .from(appSecrets)
    .where(eq(appSecrets.name, LEGACY_LINK_KEY_RETIRE_AT));
  const acceptsUntil = new Date(retireAt?.value ?? Number.NaN);
  if (Number.isNaN(acceptsUntil.getTime()) || acceptsUntil <= now) {
    await db
      .delete(appSecrets)
      .where(inArray(appSecrets.name, [LEGACY_LINK_KEY, LEGACY_LINK_KEY_RETIRE_AT]));
    return undefined;
  }
  return { key: Buffer.from(legacy.value, 'base64url'), acceptsUntil };
}

/**
 * The site's keys, loaded once at boot (ADR 020): both derived from `APP_SECRET` (or the
 * `DATA_DIR/app-secret` file without it), neither stored in the database. Returns the link
 * signer and makes this database's second-factor box the derived one. Every instance given
 * the same secret signs and verifies alike.
 */
export async function loadSiteKeys(
  db: Database,
  {
    env,
    log,
    now = new Date(),
  }: {
    env: Pick<Env, 'APP_SECRET' | 'DATA_DIR' | 'DATABASE_URL' | 'NODE_ENV'>;
    log?: { warn(message: string): void };
    now?: Date;
  },
): Promise<{ linkSigner: LinkSigner }> {
  const secret = await resolveAppSecret(env, log);
  await installSecondFactorKey(db, secret);
  const linkSigner = createLinkSigner(
    deriveAppKey(secret, 'link-signing'),
    await retiringLinkKey(db, now),
  );
  return { linkSigner };
}
