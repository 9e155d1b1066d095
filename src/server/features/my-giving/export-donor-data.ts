import { eq, inArray, or } from 'drizzle-orm';
import {
  campaignOptOuts,
  campaignThankYous,
  campaigns,
  contactMessages,
  donations,
  erasureRequests,
  members,
  membershipApplications,
  newsletterSubscribers,
  ojcSubscriptions,
  pledges,
  prayerNames,
  statementSends,
  stripeSubscriptions,
  videoComments,
} from '~/db/schema';
import type { Database } from '~/db/client';
import { sameEmail } from './same-email';

/**
 * Everything the site holds about this address (lower-cased), as the donor downloads it: their
 * gifts, monthly gifts, memberships and applications, names for prayer, messages, comments,
 * newsletter subscription, statements, and the campaigns they asked not to be asked for again or
 * were thanked for. Never a sealed card: only its last four digits.
 */
export async function donorDataExport(db: Database, email: string, now: Date) {
  const memberRows = await db.select().from(members).where(sameEmail(members.email, email));
  const memberIds = memberRows.map((m) => m.id);
  const ojc = await db
    .select()
    .from(ojcSubscriptions)
    .where(sameEmail(ojcSubscriptions.email, email));
  return {
    exportedAt: now.toISOString(),
    email,
    donations: await db.select().from(donations).where(sameEmail(donations.email, email)),
    monthlyGiftsByCard: await db
      .select()
      .from(stripeSubscriptions)
      .where(sameEmail(stripeSubscriptions.email, email)),
    monthlyGiftsByOjc: ojc.map(({ cardSealed: _sealed, ...gift }) => gift),
    memberships: memberRows,
    membershipApplications: await db
      .select()
      .from(membershipApplications)
      .where(sameEmail(membershipApplications.email, email)),
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
      .where(sameEmail(contactMessages.email, email)),
    videoComments: await db
      .select()
      .from(videoComments)
      .where(sameEmail(videoComments.authorEmail, email)),
    newsletter: await db
      .select({
        email: newsletterSubscribers.email,
        status: newsletterSubscribers.status,
      })
      .from(newsletterSubscribers)
      .where(sameEmail(newsletterSubscribers.email, email)),
    pledges: await db.select().from(pledges).where(sameEmail(pledges.email, email)),
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
