import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { donations, members, prayerLinks } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { AppError } from '~/server/errors';
import {
  linkContextOf,
  linkRefusalMessages,
  singleUseLinks,
  type LinkContext,
} from '~/server/lib/single-use-link';
import { type NameOwner, ownerColumns, ownerFromSubject, ownerKey, ownerSubject } from './owner';

/** How long the emailed link works, and the page it opens. */
export const PRAYER_LINK_HOURS = 24;
export const PRAYER_SESSION_HOURS = 2;

const links = singleUseLinks({
  table: prayerLinks,
  linkPurpose: 'prayer-names-link',
  sessionPurpose: 'prayer-names-session',
  pagePath: '/prayer-names',
  linkHours: PRAYER_LINK_HOURS,
  sessionMs: PRAYER_SESSION_HOURS * 60 * 60 * 1000,
  requestJob: 'prayer-names.link-request',
});

export const prayerLinkMessages = {
  sent: 'If this email belongs to an active member or a donor, a link to your names is on its way. It works once, for 24 hours.',
  ...linkRefusalMessages,
};

export interface PrayerLinkContext extends LinkContext {
  /** site.config.ts `prayerNames.donorsMayGiveNames`: donors who are not members may give names. */
  donorsMayGiveNames: boolean;
}

/** The link's context from the app's settings. */
export function prayerLinkContext(app: FastifyInstance): PrayerLinkContext {
  return {
    ...linkContextOf(app),
    donorsMayGiveNames: app.siteConfig.prayerNames.donorsMayGiveNames,
  };
}

/**
 * A new single-use link for this owner, written in `tx`: answers the page's address with the
 * signed token. Only the SHA-256 of the token's nonce is stored.
 */
export async function issuePrayerLink(
  ctx: Pick<PrayerLinkContext, 'linkSigner' | 'publicUrl'>,
  tx: DatabaseExecutor,
  owner: NameOwner,
  now: Date,
) {
  return links.issue(ctx, tx, ownerColumns(owner), now);
}

/** The active members with this address. */
async function activeMembersWith(db: DatabaseExecutor, email: string): Promise<NameOwner[]> {
  const found = await db
    .select()
    .from(members)
    .where(and(sql`lower(${members.email}) = ${email}`, eq(members.status, 'active')));
  return found.map((m) => ({ kind: 'member', memberId: m.id, name: m.name, email: m.email }));
}

/** The donor who gave with this address (a succeeded gift), by the name of their latest gift. */
export async function donorWith(db: DatabaseExecutor, email: string): Promise<NameOwner | null> {
  const [gift] = await db
    .select({ donorName: donations.donorName })
    .from(donations)
    .where(
      and(
        sql`lower(${donations.email}) = ${email}`,
        eq(donations.paymentStatus, 'succeeded'),
        isNull(donations.voidedAt),
      ),
    )
    .orderBy(desc(donations.createdAt))
    .limit(1);
  if (!gift) return null;
  return { kind: 'donor', email, name: gift.donorName?.trim() || 'friend' };
}

/**
 * The name each of these donors gave with their latest succeeded gift, by lower-cased email, in
 * one query: the prayer list tells many donor givers at once.
 */
export async function donorNamesOf(
  db: DatabaseExecutor,
  emails: string[],
): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const email = sql<string>`lower(${donations.email})`;
  const rows = await db
    .selectDistinctOn([email], { email, donorName: donations.donorName })
    .from(donations)
    .where(
      and(
        inArray(email, emails),
        eq(donations.paymentStatus, 'succeeded'),
        isNull(donations.voidedAt),
      ),
    )
    .orderBy(email, desc(donations.createdAt));
  return new Map(rows.map((r) => [r.email, r.donorName?.trim() || 'friend']));
}

/** A request for the link, answered by the worker (link-request-job.ts). */
export const prayerLinkRequests = links.requests;

/**
 * Emails a single-use link to the names of every active member with this address; where the
 * site lets donors give names and the address is no member's, to the donor who gave with it;
 * within the address's daily cap, and greeting no one by a name on file (typed by whoever
 * applied or gave). Run by the worker, off the request's path (`prayerLinkRequests`), so
 * nothing, its timing included, tells the caller whether the address is known.
 */
export async function sendPrayerLink(ctx: PrayerLinkContext, email: string) {
  const now = ctx.clock();
  const address = email.toLowerCase();
  let owners = await activeMembersWith(ctx.db, address);
  if (owners.length === 0 && ctx.donorsMayGiveNames) {
    const donor = await donorWith(ctx.db, address);
    owners = donor ? [donor] : [];
  }
  for (const owner of owners) {
    await ctx.db.transaction(async (tx) => {
      const { linkId, url } = await issuePrayerLink(ctx, tx, owner, now);
      const mail = {
        key: `prayer-link:${linkId}`,
        to: owner.email,
        template: 'prayer-names-link' as const,
        data: { url, hours: PRAYER_LINK_HOURS },
      };
      await links.mailWithinCap(tx, linkId, mail, now);
    });
  }
}

/**
 * Opens a magic link: checks its signature and expiry, then marks it used (only one request
 * can), and answers a session for the names page, valid PRAYER_SESSION_HOURS; or why not.
 */
export async function openPrayerLink(ctx: PrayerLinkContext, token: string) {
  return links.open(ctx, token, ownerSubject);
}

/**
 * Whether a genuine, unexpired link (spent or not) was sent to this giver: someone already
 * signed in as them who opens it again just goes on to their names.
 */
export async function prayerLinkIsFor(ctx: PrayerLinkContext, token: string, owner: NameOwner) {
  const row = await links.rowOf(ctx, token);
  return row !== undefined && ownerKey(row) === ownerKey(ownerColumns(owner));
}

/**
 * Who a names-page session belongs to, if they may still give names: an active member, or a
 * donor while the site lets donors give names.
 */
export async function ownerOfSession(
  ctx: PrayerLinkContext,
  session: string | undefined,
): Promise<NameOwner> {
  const live = links.sessionOf(ctx, session);
  const subject = live ? ownerFromSubject(live.subject) : null;
  const owner = subject ? await ownerWhoMayGive(ctx.db, subject, ctx.donorsMayGiveNames) : null;
  if (!owner) throw new AppError('unauthorized', prayerLinkMessages.signedOut);
  return owner;
}

/**
 * The giver of names with these owner columns, if they may (still) give names: an active
 * member, or a donor while the site lets donors give names.
 */
export async function ownerWhoMayGive(
  db: DatabaseExecutor,
  who: { memberId?: string | null; donorEmail?: string | null },
  donorsMayGiveNames: boolean,
): Promise<NameOwner | null> {
  if (who.memberId) {
    const [member] = await db
      .select()
      .from(members)
      .where(and(eq(members.id, who.memberId), eq(members.status, 'active')));
    return member
      ? { kind: 'member', memberId: member.id, name: member.name, email: member.email }
      : null;
  }
  return donorsMayGiveNames && who.donorEmail ? donorWith(db, who.donorEmail) : null;
}
