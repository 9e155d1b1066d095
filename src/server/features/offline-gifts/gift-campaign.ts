import { eq } from 'drizzle-orm';
import { campaigns } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';

/** A gift's campaign as the office's list names it; null for a gift of no campaign. */
export type GiftCampaign = { id: string; slug: string; title: string } | null;

export async function giftCampaignOf(
  tx: DatabaseExecutor,
  campaignId: string | null,
): Promise<GiftCampaign> {
  if (!campaignId) return null;
  const [row] = await tx
    .select({ id: campaigns.id, slug: campaigns.slug, title: campaigns.title })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return row ?? null;
}
