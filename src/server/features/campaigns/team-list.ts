import { and, desc, eq, sql } from 'drizzle-orm';
import { donations, type CampaignRow } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { TeamListData } from '~/shared/schemas/campaign-team-list';
import { isoDateIn } from '~/shared/schedule';
import { leaderGiftView } from './leader-gift-view';
import { leaderOptOuts } from './leader-opt-outs';
import { teamListClosesAt } from './team-list-link';
import { teamFigures } from './team-standings';
import { endedPlans, received } from './wall';

/** How many of the latest gifts the list carries; a team's circle rarely gives more. */
const TEAM_LIST_SIZE = 200;

const dollars = (cents: number) => cents / 100;

/**
 * The leader's list of an approved team: its received gifts, newest first, as the leader's notes
 * show them (leader-gift-view.ts); the team's total and donors as the team page counts them; and
 * the campaign's donors who asked not to be asked again, by the name the wall shows them by (never
 * an address: two alike stay two, for the leader to know there are two), the others counted
 * (leader-opt-outs.ts).
 */
export async function readTeamList(
  db: DatabaseExecutor,
  campaign: CampaignRow,
  team: { id: string; slug: string; name: string },
  timeZone: string,
): Promise<TeamListData> {
  const ofTeam = and(
    eq(donations.campaignId, campaign.id),
    eq(donations.teamId, team.id),
    received,
  );
  const rows = await db
    .select()
    .from(donations)
    .where(ofTeam)
    .orderBy(desc(donations.donatedAt), desc(donations.createdAt))
    .limit(TEAM_LIST_SIZE);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(donations)
    .where(ofTeam);
  const figures = (await teamFigures(db, campaign, await endedPlans(db, campaign.id))).find(
    (f) => f.row.id === team.id,
  );
  const optedOut = await leaderOptOuts(db, campaign.id);
  const closesAt = teamListClosesAt(campaign);
  return {
    campaign: { slug: campaign.slug, title: campaign.title },
    team: {
      slug: team.slug,
      name: team.name,
      raised: dollars(figures?.raisedCents ?? 0),
      donors: figures?.donors ?? 0,
    },
    showsAmounts: campaign.ambassadorMailShowsAmount,
    gifts: rows.map((gift) => {
      const shown = leaderGiftView(gift, campaign);
      return {
        name: shown.name,
        amount: shown.amountCents === null ? null : dollars(shown.amountCents),
        monthly: shown.monthly,
        at: (gift.donatedAt ?? gift.createdAt).toISOString(),
      };
    }),
    earlier: Math.max(0, Number(count?.n ?? 0) - rows.length),
    optedOut: optedOut.names,
    optedOutUnnamed: optedOut.unnamed,
    openUntil: isoDateIn(new Date(closesAt.getTime() - 1), timeZone),
  };
}
