import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { campaignMatchers, campaignMatches, campaignTeams, donations } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { dedicationKindLabels, type WallDisplay } from '~/shared/domain';
import { centsToDecimal, paymentStatusLabel } from '~/shared/donor-labels';
import { giftMethodLabel } from '~/shared/gift-method';
import { donationsCsv } from '~/server/services/donors/donations-csv';

const wallLabels: Record<WallDisplay, string> = {
  full: 'Name and amount',
  name: 'Name only',
  initials: 'Initials and amount',
  anonymous: 'Anonymous',
  hidden: 'Not on the wall',
};

/**
 * A checkout the donor left before paying is no gift: a card's or OJC's pending row is left out
 * unless its charge is with OJC; a gift the office received pending (a cheque not yet cleared)
 * is in, marked Pending.
 */
const aGift = or(
  sql`${donations.paymentStatus} <> 'pending'`,
  eq(donations.paymentMethod, 'offline'),
  sql`${donations.ojcChargingSince} is not null`,
);

/**
 * A campaign's gifts for the office, newest first: donor, email, the donor's own amount, a
 * monthly gift's months, how it came, its status, the match that stands and its matchers, the
 * wall choice (the office sees every name), the dedication, the date in the site's zone, and
 * the link it came by (the campaign page's utm_source, utm_medium, utm_campaign, utm_content).
 */
export function campaignGiftsCsv(
  db: DatabaseExecutor,
  campaign: { id: string; recurringMonths: number },
  timeZone: string,
) {
  const header = [
    'Donor',
    'Email',
    'Amount',
    'Monthly',
    'Method',
    'Status',
    'Matched',
    'Matched By',
    'Wall',
    'Dedication',
    'Date',
    'Receipt',
    'Team',
    'Source',
    'Medium',
    'Campaign Link',
    'Link Content',
  ];
  const standing = and(
    eq(campaignMatches.donationId, donations.id),
    isNull(campaignMatches.releasedAt),
  );
  const columns = {
    offlineMethod: donations.offlineMethod,
    offlineReference: donations.offlineReference,
    wall: donations.wallDisplay,
    dedicationKind: donations.dedicationKind,
    dedicationName: donations.dedicationName,
    receiptNumber: donations.receiptNumber,
    team: sql<string | null>`(select campaign_teams.name from ${campaignTeams}
      where campaign_teams.id = ${donations.teamId})`,
    utmSource: donations.utmSource,
    utmMedium: donations.utmMedium,
    utmCampaign: donations.utmCampaign,
    utmContent: donations.utmContent,
    // Spelled out with their tables: in a one-table select drizzle leaves columns bare.
    matchedCents: sql<number>`(select coalesce(sum(campaign_matches.cents), 0)::int
      from ${campaignMatches} where ${standing})`.mapWith(Number),
    matchedBy: sql<string | null>`(select string_agg(distinct campaign_matchers.name, ', ')
      from ${campaignMatches} join ${campaignMatchers}
        on campaign_matchers.id = campaign_matches.matcher_id where ${standing})`,
  };
  const where = and(eq(donations.campaignId, campaign.id), aGift);
  return donationsCsv(db, { header, where, timeZone, columns }, (r) => [
    r.name,
    r.email,
    centsToDecimal(r.amountCents),
    r.type === 'subscription'
      ? `${centsToDecimal(r.amountCents)} x ${campaign.recurringMonths}`
      : '',
    giftMethodLabel(r),
    r.voided ? 'Void' : paymentStatusLabel(r.status),
    r.matchedCents > 0 ? centsToDecimal(r.matchedCents) : '',
    r.matchedBy,
    r.wall ? wallLabels[r.wall] : 'Anonymous',
    r.dedicationKind && r.dedicationName
      ? `${dedicationKindLabels[r.dedicationKind]} ${r.dedicationName}`
      : '',
    r.localDate,
    r.receiptNumber,
    r.team,
    r.utmSource,
    r.utmMedium,
    r.utmCampaign,
    r.utmContent,
  ]);
}
