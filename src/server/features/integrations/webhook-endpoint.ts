import { createHmac, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { integrations, type IntegrationRow } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';

/**
 * The Zapier endpoint: its URL, whether it is on, and its signing secrets. Deliveries are signed
 * per Standard Webhooks: `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`,
 * keyed by the secret's bytes (`whsec_` + base64). After a rotation the old secret keeps signing
 * alongside the new one for a day (two signatures, space-separated), so the receiving Zap can
 * switch without losing an event.
 */

export const ZAPIER = 'zapier' as const;
export const previousSecretGraceMs = 24 * 60 * 60_000;

export function newWebhookSecret() {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** `v1,<signature>` for one secret. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest();
  return `v1,${mac.toString('base64')}`;
}

/** The `webhook-signature` header: the current secret's, then the previous one's while valid. */
export function signatureHeader(
  endpoint: Pick<IntegrationRow, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  id: string,
  timestampSeconds: number,
  body: string,
  now: Date,
) {
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && (endpoint.previousSecretExpiresAt ?? now) > now) {
    secrets.push(endpoint.previousSecret);
  }
  return secrets
    .filter((s): s is string => Boolean(s))
    .map((s) => signWebhook(s, id, timestampSeconds, body))
    .join(' ');
}

export async function readEndpoint(db: DatabaseExecutor): Promise<IntegrationRow | null> {
  const [row] = await db.select().from(integrations).where(eq(integrations.id, ZAPIER));
  return row ?? null;
}

/**
 * Sets the URL and turns deliveries on (saving the URL of a disabled endpoint re-enables it).
 * The first save makes the secret.
 */
export async function saveEndpointUrl(db: DatabaseExecutor, url: string, now: Date) {
  const [row] = await db
    .insert(integrations)
    .values({ id: ZAPIER, url, enabled: true, secret: newWebhookSecret(), updatedAt: now })
    .onConflictDoUpdate({
      target: integrations.id,
      set: { url, enabled: true, disabledAt: null, disabledReason: null, updatedAt: now },
    })
    .returning();
  return row!;
}

/** A new secret; the old one signs too for a day. Null when no endpoint is set up. */
export async function rotateEndpointSecret(db: DatabaseExecutor, now: Date) {
  const current = await readEndpoint(db);
  if (!current?.url) return null;
  const [row] = await db
    .update(integrations)
    .set({
      secret: newWebhookSecret(),
      previousSecret: current.secret,
      previousSecretExpiresAt: new Date(now.getTime() + previousSecretGraceMs),
      updatedAt: now,
    })
    .where(eq(integrations.id, ZAPIER))
    .returning();
  return row!;
}

/** Stops deliveries; true when this call is the one that disabled it. */
export async function disableEndpoint(db: DatabaseExecutor, reason: string, now: Date) {
  const rows = await db
    .update(integrations)
    .set({ enabled: false, disabledAt: now, disabledReason: reason, updatedAt: now })
    .where(and(eq(integrations.id, ZAPIER), eq(integrations.enabled, true)))
    .returning({ id: integrations.id });
  return rows.length > 0;
}
