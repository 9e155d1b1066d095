import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, DatabaseExecutor } from '~/db/client';
import type { givingLinks, prayerLinks } from '~/db/schema';
import type { QueuedMail } from '~/server/services/mail/mail-job';
import { enqueueCappedMail, type CappedMailKind } from '~/server/services/mail/recipient-cap';
import { linkRequestJob } from './link-request-job';
import { signedUrlUntil, type LinkSigner } from './signed-link';

/**
 * What a single-use emailed link carries besides its signature (the names page, 'My giving'):
 * the id of its row and a random nonce, of which only the SHA-256 is stored. The row's
 * `used_at` is set by one conditional UPDATE, so the link opens once.
 */
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function newLinkNonce() {
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
const linkSubject = (id: string, nonce: string) => `${id}.${nonce}`;

/** The row and the hash of the nonce a verified subject names, or null if it is malformed. */
function linkOfSubject(subject: string): { id: string; nonceHash: string } | null {
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
function readLinkToken(
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
async function spendLink<T extends LinkTable>(
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
async function mailLinkWithinCap(
  tx: DatabaseExecutor,
  table: LinkTable,
  linkId: string,
  mail: QueuedMail & { template: CappedMailKind },
  now: Date,
) {
  const queued = await enqueueCappedMail(tx, mail, now);
  const links = table as typeof givingLinks;
  if (!queued) await tx.delete(links).where(eq(links.id, linkId));
}

const hourMs = 60 * 60 * 1000;

/**
 * One kind of single-use emailed link (the names page, 'My giving'): its table, what its tokens
 * are signed for, the page it opens and how long the link and its session last. Issuing,
 * opening and checking a link read the same for every kind; who a row names and what its
 * session signs stay with the feature.
 */
export function singleUseLinks<T extends LinkTable>(kind: {
  table: T;
  linkPurpose: string;
  sessionPurpose: string;
  /** The page the link opens, e.g. `/my-giving`. */
  pagePath: string;
  linkHours: number;
  sessionMs: number;
  /** The kind of the worker's job that answers a request for a link. */
  requestJob: string;
}) {
  // One table's columns stand for either: both have the columns these queries read.
  const links = kind.table as typeof givingLinks;
  return {
    /** A request for the link, answered by the worker (link-request-job.ts). */
    requests: linkRequestJob(kind.requestJob),

    /**
     * A new link naming `owner` (the row's own columns), written in `tx`: answers its id and
     * the page's address with the signed token. Only the SHA-256 of the token's nonce is stored.
     */
    async issue(
      ctx: Pick<LinkContext, 'linkSigner' | 'publicUrl'>,
      tx: DatabaseExecutor,
      owner: Omit<T['$inferInsert'], 'nonceHash' | 'expiresAt' | 'createdAt'>,
      now: Date,
    ) {
      const { nonce, nonceHash } = newLinkNonce();
      const expiresAt = new Date(now.getTime() + kind.linkHours * hourMs);
      const [link] = await tx
        .insert(links)
        .values({
          ...(owner as typeof givingLinks.$inferInsert),
          nonceHash,
          expiresAt,
          createdAt: now,
        })
        .returning({ id: links.id });
      const subject = linkSubject(link!.id, nonce);
      const url = signedUrlUntil(
        ctx,
        { purpose: kind.linkPurpose, subject, path: kind.pagePath },
        expiresAt,
      );
      return { linkId: link!.id, url };
    },

    /** Queues an issued link's mail within its address's cap (recipient-cap.ts). */
    mailWithinCap: (
      tx: DatabaseExecutor,
      linkId: string,
      mail: QueuedMail & { template: CappedMailKind },
      now: Date,
    ) => mailLinkWithinCap(tx, kind.table, linkId, mail, now),

    /**
     * Opens a link: checks its signature and expiry, marks it used (only one request can,
     * `spendLink`), and answers a session for its page, signed with what `subjectOf` says of
     * its row and valid `sessionMs`; or why not.
     */
    async open(
      ctx: LinkContext,
      token: string,
      subjectOf: (row: T['$inferSelect']) => string,
    ): Promise<{ ok: true; session: string } | { ok: false; reason: LinkRefusal }> {
      const now = ctx.clock();
      const spent = await spendLink(
        ctx.db,
        kind.table,
        ctx.linkSigner,
        kind.linkPurpose,
        token,
        now,
      );
      if (!spent.ok) return spent;
      const expiresAt = new Date(now.getTime() + kind.sessionMs);
      const session = ctx.linkSigner.sign(kind.sessionPurpose, subjectOf(spent.row), expiresAt);
      return { ok: true, session };
    },

    /** The row of a genuine, unexpired link (spent or not), if there is one. */
    async rowOf(ctx: LinkContext, token: string): Promise<T['$inferSelect'] | undefined> {
      const link = readLinkToken(ctx.linkSigner, kind.linkPurpose, token, ctx.clock());
      if (!link.ok) return undefined;
      const [row] = await ctx.db
        .select()
        .from(links)
        .where(and(eq(links.id, link.id), eq(links.nonceHash, link.nonceHash)));
      return row as T['$inferSelect'] | undefined;
    },

    /** The signed subject of a live (signed, unexpired) session, with when it ends; or null. */
    sessionOf(ctx: LinkContext, session: string | undefined) {
      const check = session
        ? ctx.linkSigner.verify(kind.sessionPurpose, session, ctx.clock())
        : null;
      return check?.ok ? { subject: check.subject, expiresAt: check.expiresAt } : null;
    },
  };
}
