import { and, asc, eq, sql } from 'drizzle-orm';
import { campaignTeams, donations, type CampaignRow, type CampaignTeamRow } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { TeamStatus } from '~/shared/domain';
import type { GroupStanding, TeamStanding } from '~/shared/schemas/campaign-teams';
import { rankTeams } from '~/shared/team-leaderboard';
import { countedCents } from './matching';
import type { endedPlans } from './wall';
import { counted, donorKey, received } from './wall';

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
      donors: sql<number>`count(distinct ${donorKey}) filter (where ${received})`,
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
 * Each group's donors, by its key: counted in SQL over all its teams' received gifts at once, so
 * a donor who gave through two teams of a group counts once there.
 */
async function groupDonors(
  db: DatabaseExecutor,
  campaignId: string,
  teamsOfGroups: readonly { teamId: string; key: string }[],
): Promise<Map<string, number>> {
  if (teamsOfGroups.length === 0) return new Map();
  const pairs = sql.join(
    teamsOfGroups.map((t) => sql`(${t.teamId}::uuid, ${t.key}::text)`),
    sql`, `,
  );
  const rows = await db
    .select({
      key: sql<string>`team_group.key`,
      donors: sql<number>`count(distinct ${donorKey})::int`,
    })
    .from(donations)
    .innerJoin(
      sql`(values ${pairs}) as team_group(team_id, key)`,
      sql`team_group.team_id = ${donations.teamId}`,
    )
    .where(and(eq(donations.campaignId, campaignId), received))
    .groupBy(sql`team_group.key`);
  return new Map(rows.map((r) => [r.key, Number(r.donors)]));
}

/**
 * The approved teams by amount raised, and the groups they sit under, each with its teams'
 * total and its distinct donors (one who gave through two of its teams counts once), by amount
 * raised then name.
 */
export async function teamStandingsOf(
  db: DatabaseExecutor,
  campaign: CampaignRow,
  ended: Awaited<ReturnType<typeof endedPlans>>,
): Promise<{ teams: TeamStanding[]; groups: GroupStanding[] }> {
  const figures = await teamFigures(db, campaign, ended, 'approved');
  const idOf = new Map(figures.map((f) => [f.row.slug, f.row.id]));
  const teams = rankTeams(figures.map(teamStandingOf), 'amount');
  const groups = new Map<string, GroupStanding>();
  const teamsOfGroups: { teamId: string; key: string }[] = [];
  for (const team of teams) {
    if (!team.group) continue;
    const key = groupKey(team.group);
    const group = groups.get(key) ?? { name: team.group, raised: 0, donors: 0, teams: 0 };
    group.raised = Math.round((group.raised + team.raised) * 100) / 100;
    group.teams += 1;
    groups.set(key, group);
    teamsOfGroups.push({ teamId: idOf.get(team.slug)!, key });
  }
  const donors = await groupDonors(db, campaign.id, teamsOfGroups);
  for (const [key, group] of groups) group.donors = donors.get(key) ?? 0;
  return {
    teams,
    groups: [...groups.values()].sort(
      (a, b) => b.raised - a.raised || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
    ),
  };
}
