import { eq } from 'drizzle-orm';
import { campaignTeams, campaigns } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';

/** A team and its campaign, by the team's id; undefined when there is no such team. */
export async function teamWithCampaign(db: DatabaseExecutor, teamId: string) {
  const [row] = await db
    .select({ team: campaignTeams, campaign: campaigns })
    .from(campaignTeams)
    .innerJoin(campaigns, eq(campaigns.id, campaignTeams.campaignId))
    .where(eq(campaignTeams.id, teamId));
  return row;
}
