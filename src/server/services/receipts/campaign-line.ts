import { and, asc, eq, isNull } from 'drizzle-orm';
import { campaignMatchers, campaignMatches, campaigns, type Donation } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';

/** "Given in Tziyun Day, matched by The Katz family and Anonymous friends". */
export function campaignLineText(title: string, matchers: readonly string[]) {
  if (matchers.length === 0) return `Given in ${title}`;
  const names =
    matchers.length === 1
      ? matchers[0]!
      : `${matchers.slice(0, -1).join(', ')} and ${matchers[matchers.length - 1]!}`;
  return `Given in ${title}, matched by ${names}`;
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
    .select({ title: campaigns.title })
    .from(campaigns)
    .where(eq(campaigns.id, gift.campaignId));
  if (!campaign) return null;
  const rows = await tx
    .select({ name: campaignMatchers.name })
    .from(campaignMatches)
    .innerJoin(campaignMatchers, eq(campaignMatchers.id, campaignMatches.matcherId))
    .where(and(eq(campaignMatches.donationId, gift.id), isNull(campaignMatches.releasedAt)))
    .orderBy(asc(campaignMatchers.position));
  return campaignLineText(campaign.title, [...new Set(rows.map((r) => r.name))]);
}
