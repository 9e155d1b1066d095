import { and, asc, eq, sql } from 'drizzle-orm';
import { campaignTeams, donations, type CampaignRow, type CampaignTeamRow } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { TeamStatus } from '~/shared/domain';
import type { GroupStanding, TeamStanding } from '~/shared/schemas/campaign-teams';
import { rankTeams } from '~/shared/team-leaderboard';
import { countedCents } from './matching';
import type { endedPlans } from './wall';
import { counted, received } from './wall';

const dollars = (cents: number) => cents / 100;

export interface TeamFigures {
  row: CampaignTeamRow;
  raisedCents: number;
  donors: number;
}

/**
 * Each team of the campaign with what was received through it, counted as the campaign's total
 * is (a monthly plan that ended counts the payments it made), and its distinct donors (a gift
 * kept off the wall counts too: only a count leaves this function, never a name).
 */
export async function teamFigures(
  db: DatabaseExecutor,
  campaign: CampaignRow,
  ended: Awaited<ReturnType<typeof endedPlans>>,
  status?: TeamStatus,
): Promise<TeamFigures[]> {
  const rows = await db
    .select({
      row: campaignTeams,
      raised: sql<number>`coalesce(sum(${counted(campaign.recurringMonths)}) filter (where ${received}), 0)::bigint`,
      donors: sql<number>`count(distinct coalesce(lower(${donations.email}), ${donations.id}::text)) filter (where ${received})`,
    })
    .from(campaignTeams)
    .leftJoin(
      donations,
      and(
        eq(donations.teamId, campaignTeams.id),
        eq(donations.campaignId, campaignTeams.campaignId),
      ),
    )
    .where(
      and(
        eq(campaignTeams.campaignId, campaign.id),
        status ? eq(campaignTeams.status, status) : undefined,
      ),
    )
    .groupBy(campaignTeams.id)
    .orderBy(asc(campaignTeams.createdAt));
  const byTeam = new Map(rows.map((r) => [r.row.id, { ...r, raised: Number(r.raised) }]));
  const months = campaign.recurringMonths;
  for (const plan of ended.values()) {
    const team = plan.teamId ? byTeam.get(plan.teamId) : undefined;
    if (team) team.raised -= countedCents(plan, months) - countedCents(plan, months, plan.paid);
  }
  return [...byTeam.values()].map((t) => ({
    row: t.row,
    raisedCents: t.raised,
    donors: Number(t.donors),
  }));
}

/** A team as the public sees it. */
export function teamStandingOf({ row, raisedCents, donors }: TeamFigures): TeamStanding {
  return {
    slug: row.slug,
    name: row.name,
    group: row.groupName,
    goal: row.goalCents === null ? null : dollars(row.goalCents),
    raised: dollars(raisedCents),
    donors,
  };
}

/** The same group however the office typed its spacing or case. */
const groupKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The approved teams by amount raised, and the groups they sit under, each with its teams'
 * total (a donor who gave through two teams of a group counts once per team: the teams' donors
 * added up), by amount raised then name.
 */
export async function teamStandingsOf(
  db: DatabaseExecutor,
  campaign: CampaignRow,
  ended: Awaited<ReturnType<typeof endedPlans>>,
): Promise<{ teams: TeamStanding[]; groups: GroupStanding[] }> {
  const teams = rankTeams(
    (await teamFigures(db, campaign, ended, 'approved')).map(teamStandingOf),
    'amount',
  );
  const groups = new Map<string, GroupStanding>();
  for (const team of teams) {
    if (!team.group) continue;
    const key = groupKey(team.group);
    const group = groups.get(key) ?? { name: team.group, raised: 0, donors: 0, teams: 0 };
    group.raised = Math.round((group.raised + team.raised) * 100) / 100;
    group.donors += team.donors;
    group.teams += 1;
    groups.set(key, group);
  }
  return {
    teams,
    groups: [...groups.values()].sort(
      (a, b) => b.raised - a.raised || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
    ),
  };
}
