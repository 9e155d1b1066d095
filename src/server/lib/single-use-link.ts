import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, DatabaseExecutor } from '~/db/client';
import type { givingLinks, prayerLinks } from '~/db/schema';
import type { QueuedMail } from '~/server/mail/mail-job';
import { enqueueCappedMails, type CappedMailKind } from '~/server/mail/recipient-cap';
import type { LinkSigner } from './signed-link';

/**
 * What a single-use emailed link carries besides its signature (the names page, 'My giving'):
 * the id of its row and a random nonce, of which only the SHA-256 is stored. The row's
 * `used_at` is set by one conditional UPDATE, so the link opens once.
 */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function newLinkNonce() {
  const nonce = randomBytes(32).toString('base64url');
  return { nonce, nonceHash: sha256(nonce) };
}

/** What sending and opening an emailed link needs of the app. */
export interface LinkContext {
  db: Database;
  linkSigner: LinkSigner;
  publicUrl: string;
  clock: () => Date;
}

export function linkContextOf(app: FastifyInstance): LinkContext {
  return {
    db: app.database.db,
    linkSigner: app.linkSigner,
    publicUrl: app.env.PUBLIC_URL,
    clock: app.clock,
  };
}

/** The signed subject of a link: `<row id>.<nonce>`. */
export const linkSubject = (id: string, nonce: string) => `${id}.${nonce}`;

/** The row and the hash of the nonce a verified subject names, or null if it is malformed. */
export function linkOfSubject(subject: string): { id: string; nonceHash: string } | null {
  const [id, nonce, extra] = subject.split('.');
  if (!id || !nonce || extra !== undefined) return null;
  return { id, nonceHash: sha256(nonce) };
}

/** Why a link does not open. */
export type LinkRefusal = 'invalid' | 'expired' | 'used';

/** What a link's page says when it does not open, or when its session has ended. */
export const linkRefusalMessages = {
  invalid: 'This link is not valid. Ask for a new one below.',
  expired: 'This link has expired. Ask for a new one below.',
  used: 'This link was already used. Ask for a new one below.',
  signedOut: 'Your session has ended. Ask for a new link below.',
};

/**
 * A link's token checked (its signature for `purpose`, its expiry) and read: the row and nonce
 * hash for the caller's conditional UPDATE, or why it does not open.
 */
export function readLinkToken(
  signer: LinkSigner,
  purpose: string,
  token: string,
  now: Date,
): { ok: true; id: string; nonceHash: string } | { ok: false; reason: LinkRefusal } {
  const check = signer.verify(purpose, token, now);
  if (!check.ok) return { ok: false, reason: check.reason };
  const link = linkOfSubject(check.subject);
  return link ? { ok: true, ...link } : { ok: false, reason: 'invalid' };
}

/** A table of single-use links: each row's nonce hash, expiry and when it was used. */
type LinkTable = typeof givingLinks | typeof prayerLinks;

/**
 * Spends a link: checks its token, then marks its row used with one conditional UPDATE, so of
 * two requests racing with the same link only one gets the row. Answers the row, or why not.
 */
export async function spendLink<T extends LinkTable>(
  db: DatabaseExecutor,
  table: T,
  signer: LinkSigner,
  purpose: string,
  token: string,
  now: Date,
): Promise<{ ok: true; row: T['$inferSelect'] } | { ok: false; reason: LinkRefusal }> {
  const link = readLinkToken(signer, purpose, token, now);
  if (!link.ok) return link;
  // One table's columns stand for either: both have the same four that this UPDATE reads.
  const links = table as typeof givingLinks;
  const [row] = await db
    .update(links)
    .set({ usedAt: now })
    .where(
      and(
        eq(links.id, link.id),
        eq(links.nonceHash, link.nonceHash),
        isNull(links.usedAt),
        gt(links.expiresAt, now),
      ),
    )
    .returning();
  return row ? { ok: true, row: row as T['$inferSelect'] } : { ok: false, reason: 'used' };
}

/**
 * Queues a new link's mail, in the transaction that wrote the link, within its address's daily
 * cap (recipient-cap.ts). Over the cap there is no mail, so there is no link either.
 */
export async function mailLinkWithinCap(
  tx: DatabaseExecutor,
  table: LinkTable,
  linkId: string,
  mail: QueuedMail & { template: CappedMailKind },
  now: Date,
) {
  const [queued] = await enqueueCappedMails(tx, [mail], now);
  const links = table as typeof givingLinks;
  if (!queued) await tx.delete(links).where(eq(links.id, linkId));
}
