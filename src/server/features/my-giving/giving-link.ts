import { and, eq, ne, sql } from 'drizzle-orm';
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
  singleUseLinks,
  type LinkContext,
} from '~/server/lib/single-use-link';
import { sameEmail } from './same-email';

/** How long the emailed link works, and the short session it opens. */
export const GIVING_LINK_HOURS = 24;
export const GIVING_SESSION_MINUTES = 30;

const links = singleUseLinks({
  table: givingLinks,
  linkPurpose: 'my-giving-link',
  sessionPurpose: 'my-giving-session',
  pagePath: '/my-giving',
  linkHours: GIVING_LINK_HOURS,
  sessionMs: GIVING_SESSION_MINUTES * 60 * 1000,
  requestJob: 'my-giving.link-request',
});

export const givingLinkMessages = {
  signedOutNow: 'You are signed out of My giving. To come back, ask for a new link.',
  sent: 'If we have a gift or a membership with this email, a link to your giving is on its way. It works once, for 24 hours.',
  ...linkRefusalMessages,
};

export type GivingLinkContext = LinkContext;
export const givingLinkContext = linkContextOf;

/** Whether any gift (other than an unfinished checkout), monthly gift or membership has it. */
async function hasGiving(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(donations)
    .where(and(giftsOfPersonWithEmail(email), ne(donations.paymentStatus, 'pending')))
    .unionAll(
      db
        .select({ one: sql`1` })
        .from(members)
        .where(sameEmail(members.email, email)),
    )
    .unionAll(
      db
        .select({ one: sql`1` })
        .from(stripeSubscriptions)
        .where(sameEmail(stripeSubscriptions.email, email)),
    )
    .unionAll(
      db
        .select({ one: sql`1` })
        .from(ojcSubscriptions)
        .where(sameEmail(ojcSubscriptions.email, email)),
    )
    .limit(1);
  return rows.length > 0;
}

/** A request for the link, answered by the worker (link-request-job.ts). */
export const givingLinkRequests = links.requests;

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
  await ctx.db.transaction(async (tx) => {
    const { linkId, url } = await links.issue(ctx, tx, { email: address }, now);
    const mail = {
      key: `giving-link:${linkId}`,
      to: address,
      template: 'giving-link' as const,
      data: { url, hours: GIVING_LINK_HOURS },
    };
    await links.mailWithinCap(tx, linkId, mail, now);
  });
}

/**
 * Opens a link: checks its signature and expiry, marks it used (only one request can), and
 * answers a session for the page, valid GIVING_SESSION_MINUTES; or why not. The session names
 * the link's row, which the server can delete to end it (a sign-out, an erasure).
 */
export async function openGivingLink(ctx: GivingLinkContext, token: string) {
  return links.open(ctx, token, (used) => `${used.id}:${used.email}`);
}

/**
 * Whether a genuine, unexpired link (spent or not) was sent to this address: a donor already
 * signed in who opens it again just goes on to their giving.
 */
export async function givingLinkIsFor(ctx: GivingLinkContext, token: string, email: string) {
  const row = await links.rowOf(ctx, token);
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
  const live = links.sessionOf(ctx, session);
  const subject = live ? sessionSubject(live.subject) : null;
  if (live && subject && uuid.test(subject.linkId)) {
    const [link] = await ctx.db
      .select({ id: givingLinks.id })
      .from(givingLinks)
      .where(and(eq(givingLinks.id, subject.linkId), eq(givingLinks.email, subject.email)));
    if (link) {
      return { email: subject.email, linkId: subject.linkId, sessionEndsAt: live.expiresAt };
    }
  }
  throw new AppError('unauthorized', givingLinkMessages.signedOut);
}

/** Ends a session on the server: its link's row goes, so the cookie opens nothing any more. */
export async function endGivingSession(ctx: GivingLinkContext, donor: { linkId: string }) {
  await ctx.db.delete(givingLinks).where(eq(givingLinks.id, donor.linkId));
}
