import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  campaignOptOuts,
  campaignThankYous,
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
import type { DatabaseExecutor } from '~/db/client';
import { noDedication } from '~/server/lib/dedication';
import { erasedMark } from './erased-mark';
import { sameEmail } from './same-email';

const ERASED_NAME = 'Erased donor';

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
    .where(sameEmail(members.email, email));
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
  await tx.delete(contactMessages).where(sameEmail(contactMessages.email, email));
  await tx.delete(videoComments).where(sameEmail(videoComments.authorEmail, email));
  await tx.delete(newsletterSubscribers).where(sameEmail(newsletterSubscribers.email, email));
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
    .where(sameEmail(donors.email, email));
  // A cheque shows the donor's name, address and account: its photo goes, the gift stays.
  await tx
    .delete(offlineGiftPhotos)
    .where(
      inArray(
        offlineGiftPhotos.donationId,
        tx.select({ id: donations.id }).from(donations).where(sameEmail(donations.email, email)),
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
    .where(sameEmail(donations.email, email));
  await tx
    .update(stripeSubscriptions)
    .set({ donorName: ERASED_NAME, email: mark, ...noDedication })
    .where(sameEmail(stripeSubscriptions.email, email));
  await tx
    .update(ojcSubscriptions)
    .set({
      donorName: ERASED_NAME,
      email: mark,
      phone: null,
      ...noDedication,
    })
    .where(sameEmail(ojcSubscriptions.email, email));
  await tx
    .update(members)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, nextRenewalAt: null })
    .where(and(sameEmail(members.email, email), eq(members.status, 'pending')));
  await tx
    .update(members)
    .set({ name: ERASED_NAME, email: mark })
    .where(sameEmail(members.email, email));
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
    .where(sameEmail(membershipApplications.email, email));
  // A promise not kept is no record the books need: an open one ends; a paid one stays, as its gift.
  await tx
    .update(pledges)
    .set({ status: 'cancelled', closedAt: sql`now()` })
    .where(and(sameEmail(pledges.email, email), eq(pledges.status, 'open')));
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
    .where(sameEmail(pledges.email, email));
  await tx.update(statementSends).set({ email: mark }).where(eq(statementSends.email, email));
  await tx
    .update(erasureRequests)
    .set({ email: mark })
    .where(and(eq(erasureRequests.email, email), ne(erasureRequests.status, 'requested')));
  return mark;
}
