import { and, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  donations,
  givingLinks,
  members,
  ojcSubscriptions,
  stripeSubscriptions,
} from '~/db/schema';
import type { Database } from '~/db/client';
import { giftsOfPersonWithEmail } from '~/server/services/donors/donor-of-email';
import { AppError } from '~/server/errors';
import {
  linkContextOf,
  linkRefusalMessages,
  linkSubject,
  mailLinkWithinCap,
  newLinkNonce,
  readLinkToken,
  spendLink,
  type LinkContext,
  type LinkRefusal,
} from '~/server/lib/single-use-link';
import { linkRequestJob } from '~/server/lib/link-request-job';

const LINK_PURPOSE = 'my-giving-link';
const SESSION_PURPOSE = 'my-giving-session';
/** How long the emailed link works, and the short session it opens. */
export const GIVING_LINK_HOURS = 24;
export const GIVING_SESSION_MINUTES = 30;
const minuteMs = 60 * 1000;

export const givingLinkMessages = {
  signedOutNow: 'You are signed out of My giving. To come back, ask for a new link.',
  sent: 'If we have a gift or a membership with this email, a link to your giving is on its way. It works once, for 24 hours.',
  ...linkRefusalMessages,
};

export type GivingLinkContext = LinkContext;
export const givingLinkContext = linkContextOf;

/** Whether any gift (other than an unfinished checkout), monthly gift or membership has it. */
async function hasGiving(db: Database, email: string): Promise<boolean> {
  const same = (column: AnyPgColumn) => sql`lower(${column}) = ${email}`;
  const rows = await db
    .select({ one: sql`1` })
    .from(donations)
    .where(and(giftsOfPersonWithEmail(email), ne(donations.paymentStatus, 'pending')))
    .unionAll(
      db
        .select({ one: sql`1` })
        .from(members)
        .where(same(members.email)),
    )
    .unionAll(
      db
        .select({ one: sql`1` })
        .from(stripeSubscriptions)
        .where(same(stripeSubscriptions.email)),
    )
    .unionAll(
      db
        .select({ one: sql`1` })
        .from(ojcSubscriptions)
        .where(same(ojcSubscriptions.email)),
    )
    .limit(1);
  return rows.length > 0;
}

/** A request for the link, answered by the worker (link-request-job.ts). */
export const givingLinkRequests = linkRequestJob('my-giving.link-request');

/**
 * Emails a single-use link to 'My giving' when any gift (other than an unfinished checkout),
 * monthly gift or membership has this address, within the address's daily cap. The mail greets
 * no one by name: the names on file were typed by whoever gave or applied with the address.
 * Run by the worker, off the request's path (`givingLinkRequests`).
 */
export async function sendGivingLink(ctx: GivingLinkContext, email: string) {
  const address = email.toLowerCase();
  if (!(await hasGiving(ctx.db, address))) return;
  const now = ctx.clock();
  const expiresAt = new Date(now.getTime() + GIVING_LINK_HOURS * 60 * minuteMs);
  const { nonce, nonceHash } = newLinkNonce();
  await ctx.db.transaction(async (tx) => {
    const [link] = await tx
      .insert(givingLinks)
      .values({ email: address, nonceHash, expiresAt, createdAt: now })
      .returning({ id: givingLinks.id });
    const token = ctx.linkSigner.sign(LINK_PURPOSE, linkSubject(link!.id, nonce), expiresAt);
    const mail = {
      key: `giving-link:${link!.id}`,
      to: address,
      template: 'giving-link' as const,
      data: {
        url: `${ctx.publicUrl}/my-giving?token=${encodeURIComponent(token)}`,
        hours: GIVING_LINK_HOURS,
      },
    };
    await mailLinkWithinCap(tx, givingLinks, link!.id, mail, now);
  });
}

/**
 * Opens a link: checks its signature and expiry, marks it used (only one request can), and
 * answers a session for the page, valid GIVING_SESSION_MINUTES; or why not. The session names
 * the link's row, which the server can delete to end it (a sign-out, an erasure).
 */
export async function openGivingLink(
  ctx: GivingLinkContext,
  token: string,
): Promise<{ ok: true; session: string } | { ok: false; reason: LinkRefusal }> {
  const now = ctx.clock();
  const spent = await spendLink(ctx.db, givingLinks, ctx.linkSigner, LINK_PURPOSE, token, now);
  if (!spent.ok) return spent;
  const used = spent.row;
  const expiresAt = new Date(now.getTime() + GIVING_SESSION_MINUTES * minuteMs);
  return {
    ok: true,
    session: ctx.linkSigner.sign(SESSION_PURPOSE, `${used.id}:${used.email}`, expiresAt),
  };
}

/**
 * Whether a genuine, unexpired link (spent or not) was sent to this address: a donor already
 * signed in who opens it again just goes on to their giving.
 */
export async function givingLinkIsFor(ctx: GivingLinkContext, token: string, email: string) {
  const link = readLinkToken(ctx.linkSigner, LINK_PURPOSE, token, ctx.clock());
  if (!link.ok) return false;
  const [row] = await ctx.db
    .select({ email: givingLinks.email })
    .from(givingLinks)
    .where(and(eq(givingLinks.id, link.id), eq(givingLinks.nonceHash, link.nonceHash)));
  return row?.email === email;
}

/** The link row and address a session's signed subject names (`<link id>:<email>`). */
function sessionSubject(subject: string) {
  const at = subject.indexOf(':');
  return at > 0 ? { linkId: subject.slice(0, at), email: subject.slice(at + 1) } : null;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The address a live session names, with when it ends; refused in plain words otherwise. Live:
 * signed, unexpired, and the link it was opened with is still there (a sign-out or an erasure
 * deletes it, which ends the session on the server, whatever the browser keeps).
 */
export async function donorOfSession(ctx: GivingLinkContext, session: string | undefined) {
  const check = session ? ctx.linkSigner.verify(SESSION_PURPOSE, session, ctx.clock()) : null;
  const subject = check?.ok ? sessionSubject(check.subject) : null;
  if (check?.ok && subject && uuid.test(subject.linkId)) {
    const [link] = await ctx.db
      .select({ id: givingLinks.id })
      .from(givingLinks)
      .where(and(eq(givingLinks.id, subject.linkId), eq(givingLinks.email, subject.email)));
    if (link) {
      return { email: subject.email, linkId: subject.linkId, sessionEndsAt: check.expiresAt };
    }
  }
  throw new AppError('unauthorized', givingLinkMessages.signedOut);
}

/** Ends a session on the server: its link's row goes, so the cookie opens nothing any more. */
export async function endGivingSession(ctx: GivingLinkContext, donor: { linkId: string }) {
  await ctx.db.delete(givingLinks).where(eq(givingLinks.id, donor.linkId));
}
