import { asc, eq, sql } from 'drizzle-orm';
import { campaignMatchers, donations, type CampaignRow } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { campaignState, type CampaignState, type CampaignTimes } from '~/shared/campaign-clock';
import type { CampaignSnapshot } from '~/shared/schemas/campaigns';
import { campaignTimes, type Place } from '~/server/lib/campaign-times';
import { countedCents } from './matching';
import { usedCentsOf } from './settle-gift';
import { storedPhoto } from './stored-photo';
import { teamStandingsOf } from './team-standings';
import { buildWall, counted, donorKey, endedPlans, onItsWay, received } from './wall';

const dollars = (cents: number) => cents / 100;

/** A campaign's computed times, kept per edit: Shabbat's times are worked out once, not per read. */
const timesKept = new Map<string, { key: string; times: CampaignTimes }>();

/** The campaign's times with Shabbat and Yom Tov (when it pauses for them), by the site's place. */
export function timesOf(campaign: CampaignRow, place: Place): CampaignTimes {
  const key = JSON.stringify([
    campaign.startsAt,
    campaign.endsAt,
    campaign.openUntil,
    campaign.pauseForShabbat,
    place,
  ]);
  const kept = timesKept.get(campaign.id);
  if (kept?.key === key) return kept.times;
  const times = campaignTimes(campaign, place);
  timesKept.set(campaign.id, { key, times });
  return times;
}

/** Where the campaign stands at `now`, as the shared clock says: before, live, paused, open, ended. */
export function stateOf(campaign: CampaignRow, place: Place, now: Date): CampaignState['state'] {
  return campaignState(timesOf(campaign, place), now).state;
}

/** The campaign's public figures, times and wall, read from the database in a few queries. */
export async function buildSnapshot(
  db: DatabaseExecutor,
  campaign: CampaignRow,
  now: Date,
  place: Place,
): Promise<CampaignSnapshot> {
  const months = campaign.recurringMonths;
  const matchers = await db
    .select()
    .from(campaignMatchers)
    .where(eq(campaignMatchers.campaignId, campaign.id))
    .orderBy(asc(campaignMatchers.position));
  const used = await usedCentsOf(
    db,
    matchers.map((m) => m.id),
  );
  const [totals] = await db
    .select({
      raised: sql<number>`coalesce(sum(${counted(months)}) filter (where ${received}), 0)::bigint`,
      pending: sql<number>`coalesce(sum(${counted(months)}) filter (where ${onItsWay}), 0)::bigint`,
      donors: sql<number>`count(distinct ${donorKey}) filter (where ${received})`,
    })
    .from(donations)
    .where(eq(donations.campaignId, campaign.id));
  const ended = await endedPlans(db, campaign.id);
  let raised = Number(totals!.raised);
  for (const plan of ended.values()) {
    raised -= countedCents(plan, months) - countedCents(plan, months, plan.paid);
  }
  const wall = await buildWall(db, campaign, ended);
  const standings = await teamStandingsOf(db, campaign, ended);
  const times = timesOf(campaign, place);
  const at = campaignState(times, now);
  return {
    slug: campaign.slug,
    title: campaign.title,
    version: campaign.version,
    state: at.state,
    goal: dollars(campaign.goalCents),
    raised: dollars(raised),
    matched: dollars([...used.values()].reduce((a, b) => a + b, 0)),
    pending: dollars(Number(totals!.pending)),
    donors: Number(totals!.donors),
    startsAt: times.startsAt.toISOString(),
    endsAt: times.endsAt.toISOString(),
    resumesAt: at.state === 'paused' ? at.resumesAt.toISOString() : null,
    openUntil: times.openUntil?.toISOString() ?? null,
    pauses: times.pauses.map((p) => ({
      start: p.start.toISOString(),
      end: p.end.toISOString(),
      kind: p.kind,
    })),
    bonusGoals: campaign.bonusGoalsCents.map(dollars),
    recurringMonths: months,
    story: campaign.story,
    ...storedPhoto(campaign.photoKey, campaign.title),
    fund: campaign.fund?.trim() || null,
    matchers: matchers.map((m) => ({
      name: m.name,
      ratio: m.ratioHundredths / 100,
      cap: dollars(m.capCents),
      used: dollars(used.get(m.id) ?? 0),
    })),
    wall,
    ...standings,
  };
}
