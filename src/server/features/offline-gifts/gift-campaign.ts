import { eq } from 'drizzle-orm';
import { campaignTeams, campaigns } from '~/db/schema';
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

/** A gift's team as the office's list names it; null for a gift credited to none. */
export type GiftTeam = { slug: string; name: string } | null;

export async function giftTeamOf(tx: DatabaseExecutor, teamId: string | null): Promise<GiftTeam> {
  if (!teamId) return null;
  const [row] = await tx
    .select({ slug: campaignTeams.slug, name: campaignTeams.name })
    .from(campaignTeams)
    .where(eq(campaignTeams.id, teamId));
  return row ?? null;
}
