import { and, asc, eq, isNull } from 'drizzle-orm';
import { campaignMatchers, campaignMatches, campaigns, type Donation } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';

/**
 * "Given in Tziyun Day for the new roof, matched by The Katz family and Anonymous friends"; the
 * fund (what the money is for) only when the campaign names one.
 */
export function campaignLineText(title: string, matchers: readonly string[], fund?: string | null) {
  const given = fund?.trim() ? `Given in ${title} for ${fund.trim()}` : `Given in ${title}`;
  if (matchers.length === 0) return given;
  const names =
    matchers.length === 1
      ? matchers[0]!
      : `${matchers.slice(0, -1).join(', ')} and ${matchers[matchers.length - 1]!}`;
  return `${given}, matched by ${names}`;
}

/**
 * What a receipt says of a campaign gift: the campaign, and the matchers whose match of it
 * stands. Only words: the matchers' money is their own gift and on no receipt of the donor's.
 * Null for a gift of no campaign. Read in the transaction that settled the gift's match.
 */
export async function campaignLineOf(
  tx: DatabaseExecutor,
  gift: Pick<Donation, 'id' | 'campaignId'>,
): Promise<string | null> {
  if (!gift.campaignId) return null;
  const [campaign] = await tx
    .select({ title: campaigns.title, fund: campaigns.fund })
    .from(campaigns)
    .where(eq(campaigns.id, gift.campaignId));
  if (!campaign) return null;
  const rows = await tx
    .select({ name: campaignMatchers.name })
    .from(campaignMatches)
    .innerJoin(campaignMatchers, eq(campaignMatchers.id, campaignMatches.matcherId))
    .where(and(eq(campaignMatches.donationId, gift.id), isNull(campaignMatches.releasedAt)))
    .orderBy(asc(campaignMatchers.position));
  return campaignLineText(campaign.title, [...new Set(rows.map((r) => r.name))], campaign.fund);
}
