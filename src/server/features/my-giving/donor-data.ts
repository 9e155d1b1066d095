import { createHash } from 'node:crypto';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  campaignOptOuts,
  campaignThankYous,
  campaigns,
  contactMessages,
  donations,
  donors,
  erasureRequests,
  givingLinks,
  members,
  membershipApplications,
  newsletterSubscribers,
  offlineGiftPhotos,
  ojcSubscriptions,
  pledges,
  prayerLinks,
  prayerNames,
  statementSends,
  stripeSubscriptions,
  videoComments,
} from '~/db/schema';
import type { Database, DatabaseExecutor } from '~/db/client';
import { noDedication } from '~/server/lib/dedication';

const same = (column: AnyPgColumn, email: string) => sql`lower(${column}) = ${email}`;

/**
 * Everything the site holds about this address (lower-cased), as the donor downloads it: their
 * gifts, monthly gifts, memberships and applications, names for prayer, messages, comments,
 * newsletter subscription, statements, and the campaigns they asked not to be asked for again or
 * were thanked for. Never a sealed card: only its last four digits.
 */
export async function donorDataExport(db: Database, email: string, now: Date) {
  const memberRows = await db.select().from(members).where(same(members.email, email));
  const memberIds = memberRows.map((m) => m.id);
  const ojc = await db.select().from(ojcSubscriptions).where(same(ojcSubscriptions.email, email));
  return {
    exportedAt: now.toISOString(),
    email,
    donations: await db.select().from(donations).where(same(donations.email, email)),
    monthlyGiftsByCard: await db
      .select()
      .from(stripeSubscriptions)
      .where(same(stripeSubscriptions.email, email)),
    monthlyGiftsByOjc: ojc.map(({ cardSealed: _sealed, ...gift }) => gift),
    memberships: memberRows,
    membershipApplications: await db
      .select()
      .from(membershipApplications)
      .where(same(membershipApplications.email, email)),
    prayerNames: await db
      .select()
      .from(prayerNames)
      .where(
        memberIds.length > 0
          ? or(inArray(prayerNames.memberId, memberIds), eq(prayerNames.donorEmail, email))
          : eq(prayerNames.donorEmail, email),
      ),
    contactMessages: await db
      .select()
      .from(contactMessages)
      .where(same(contactMessages.email, email)),
    videoComments: await db
      .select()
      .from(videoComments)
      .where(same(videoComments.authorEmail, email)),
    newsletter: await db
      .select({
        email: newsletterSubscribers.email,
        status: newsletterSubscribers.status,
      })
      .from(newsletterSubscribers)
      .where(same(newsletterSubscribers.email, email)),
    pledges: await db.select().from(pledges).where(same(pledges.email, email)),
    statementsSent: await db.select().from(statementSends).where(eq(statementSends.email, email)),
    erasureRequests: await db
      .select()
      .from(erasureRequests)
      .where(eq(erasureRequests.email, email)),
    campaignsNotToBeAskedFor: await db
      .select({ campaign: campaigns.title, askedAt: campaignOptOuts.createdAt })
      .from(campaignOptOuts)
      .innerJoin(campaigns, eq(campaigns.id, campaignOptOuts.campaignId))
      .where(eq(campaignOptOuts.email, email)),
    campaignThankYous: await db
      .select({ campaign: campaigns.title, sentAt: campaignThankYous.queuedAt })
      .from(campaignThankYous)
      .innerJoin(campaigns, eq(campaigns.id, campaignThankYous.campaignId))
      .where(eq(campaignThankYous.email, email)),
  };
}

/** How every erased address begins: no real address does (it has no @ before it). */
export const ERASED_MARK_PREFIX = 'erased:';

/** What an erased address becomes: a one-way mark, the same for the same address. */
export const erasedMark = (email: string) =>
  `${ERASED_MARK_PREFIX}${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;
const ERASED_NAME = 'Erased donor';

/** Why an address cannot be erased yet: a monthly gift or membership still charges it. */
export async function erasureBlocker(db: DatabaseExecutor, email: string) {
  const [card] = await db
    .select({ id: stripeSubscriptions.id })
    .from(stripeSubscriptions)
    .where(
      and(
        same(stripeSubscriptions.email, email),
        inArray(stripeSubscriptions.status, ['active', 'trialing', 'past_due']),
      ),
    )
    .limit(1);
  const [ojc] = await db
    .select({ id: ojcSubscriptions.id })
    .from(ojcSubscriptions)
    .where(and(same(ojcSubscriptions.email, email), eq(ojcSubscriptions.status, 'active')))
    .limit(1);
  // A pending membership was never paid (anyone can apply with any address): it charges
  // nothing, so it does not hold the erasure back; eraseDonor ends it with the rest.
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(same(members.email, email), inArray(members.status, ['active', 'lapsed'])))
    .limit(1);
  return card || ojc || member
    ? 'A monthly gift or a membership is still running on this address: cancel it first, then erase.'
    : null;
}

/**
 * Erases an address (docs/decisions/031-donor-privacy-requests.md): names, email, phone,
 * messages, comments, names for prayer, links and the newsletter go; gifts and monthly gifts
 * stay, anonymised (amount, date, method, status and provider references, which the law and
 * the books need), under a one-way mark instead of the address.
 */
export async function eraseDonor(tx: DatabaseExecutor, email: string) {
  const mark = erasedMark(email);
  const memberRows = await tx
    .select({ id: members.id, applicationId: members.applicationId })
    .from(members)
    .where(same(members.email, email));
  const memberIds = memberRows.map((m) => m.id);
  if (memberIds.length > 0) {
    await tx.delete(prayerNames).where(inArray(prayerNames.memberId, memberIds));
    await tx.delete(prayerLinks).where(inArray(prayerLinks.memberId, memberIds));
  }
  await tx.delete(prayerNames).where(eq(prayerNames.donorEmail, email));
  await tx.delete(prayerLinks).where(eq(prayerLinks.donorEmail, email));
  await tx.delete(givingLinks).where(eq(givingLinks.email, email));
  // "Don't ask me again" and "thanked for the campaign" name the address: they go with it (no
  // gift keeps the address to ask or to thank; the thank-you passes over an erased gift's mark).
  await tx.delete(campaignOptOuts).where(eq(campaignOptOuts.email, email.toLowerCase()));
  await tx.delete(campaignThankYous).where(eq(campaignThankYous.email, email.toLowerCase()));
  await tx.delete(contactMessages).where(same(contactMessages.email, email));
  await tx.delete(videoComments).where(same(videoComments.authorEmail, email));
  await tx.delete(newsletterSubscribers).where(same(newsletterSubscribers.email, email));
  // The record first: the gifts' new address (the mark) then finds the same record (migration
  // 0023). An address erased before, that gave again, joins the record its mark already has.
  const [marked] = await tx.select({ id: donors.id }).from(donors).where(eq(donors.email, mark));
  await tx
    .update(donors)
    .set({
      ...(marked ? { email: null, mergedInto: marked.id } : { email: mark }),
      name: ERASED_NAME,
      postalAddress: null,
      updatedAt: sql`now()`,
    })
    .where(same(donors.email, email));
  // A cheque shows the donor's name, address and account: its photo goes, the gift stays.
  await tx
    .delete(offlineGiftPhotos)
    .where(
      inArray(
        offlineGiftPhotos.donationId,
        tx.select({ id: donations.id }).from(donations).where(same(donations.email, email)),
      ),
    );
  await tx
    .update(donations)
    .set({
      donorName: ERASED_NAME,
      postalAddress: null,
      email: mark,
      phone: null,
      cardLast4: null,
      ...noDedication,
      updatedAt: sql`now()`,
    })
    .where(same(donations.email, email));
  await tx
    .update(stripeSubscriptions)
    .set({ donorName: ERASED_NAME, email: mark, ...noDedication })
    .where(same(stripeSubscriptions.email, email));
  await tx
    .update(ojcSubscriptions)
    .set({
      donorName: ERASED_NAME,
      email: mark,
      phone: null,
      ...noDedication,
    })
    .where(same(ojcSubscriptions.email, email));
  await tx
    .update(members)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, nextRenewalAt: null })
    .where(and(same(members.email, email), eq(members.status, 'pending')));
  await tx
    .update(members)
    .set({ name: ERASED_NAME, email: mark })
    .where(same(members.email, email));
  await tx
    .update(membershipApplications)
    .set({
      firstName: 'Erased',
      lastName: 'member',
      email: mark,
      phone: null,
      message: null,
      prayerIntentions: null,
      notes: null,
    })
    .where(same(membershipApplications.email, email));
  // A promise not kept is no record the books need: an open one ends; a paid one stays, as its gift.
  await tx
    .update(pledges)
    .set({ status: 'cancelled', closedAt: sql`now()` })
    .where(and(same(pledges.email, email), eq(pledges.status, 'open')));
  await tx
    .update(pledges)
    .set({
      donorName: ERASED_NAME,
      email: mark,
      postalAddress: null,
      note: null,
      cancelReason: null,
      updatedAt: sql`now()`,
    })
    .where(same(pledges.email, email));
  await tx.update(statementSends).set({ email: mark }).where(eq(statementSends.email, email));
  await tx
    .update(erasureRequests)
    .set({ email: mark })
    .where(and(eq(erasureRequests.email, email), ne(erasureRequests.status, 'requested')));
  return mark;
}
