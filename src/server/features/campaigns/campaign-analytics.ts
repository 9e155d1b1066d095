import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  campaignMatchers,
  campaignMatches,
  campaignTeams,
  donations,
  type CampaignRow,
} from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { PaymentMethod } from '~/shared/domain';
import type { CampaignAnalytics, GiftMethodKey } from '~/shared/schemas/campaign-analytics';
import type { Place } from '~/server/lib/campaign-times';
import { countedCents } from './matching';
import { timesOf } from './snapshot';
import { donorKey, endedPlans, received } from './wall';

const HOUR = 3_600_000;
const dollars = (cents: number) => cents / 100;

/** One counted gift, as the figures group it. */
interface CountedGift {
  at: Date;
  cents: number;
  method: GiftMethodKey;
  donorKey: string;
  returning: boolean;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  team: { slug: string; name: string } | null;
}

const methodOf: Record<PaymentMethod, GiftMethodKey> = {
  stripe: 'card',
  ojc: 'ojc',
  offline: 'offline',
};
const methodLabels: Record<GiftMethodKey, string> = {
  card: 'Credit card',
  ojc: 'OJC Fund charity card',
  offline: 'Offline (cheque, cash, transfer, fund grant)',
};

/**
 * The campaign's gifts the thermometer counts (received, not voided), each for what it counts
 * there (`countedCents`, a monthly plan ended early for the payments it made), with what the
 * figures group by.
 */
async function countedGifts(db: DatabaseExecutor, campaign: CampaignRow): Promise<CountedGift[]> {
  const months = campaign.recurringMonths;
  const rows = await db
    .select({
      id: donations.id,
      // When the money came in (an offline gift: the day received), as the analytics read it
      // everywhere; a checkout may have been started long before.
      at: sql<Date>`coalesce(${donations.donatedAt}, ${donations.createdAt})`.mapWith(
        donations.createdAt,
      ),
      donationType: donations.donationType,
      amountCents: donations.amountCents,
      feeCents: donations.feeCents,
      refundedCents: donations.refundedCents,
      paymentMethod: donations.paymentMethod,
      donorId: donations.donorId,
      // Counted as the snapshot and the teams' standings count them.
      donorKey: sql<string>`${donorKey}`,
      source: donations.utmSource,
      medium: donations.utmMedium,
      campaign: donations.utmCampaign,
      teamSlug: campaignTeams.slug,
      teamName: campaignTeams.name,
    })
    .from(donations)
    .leftJoin(campaignTeams, eq(campaignTeams.id, donations.teamId))
    .where(and(eq(donations.campaignId, campaign.id), received));
  const ended = await endedPlans(db, campaign.id);
  const returning = await returningDonors(db, campaign);
  return rows.map((r) => ({
    at: r.at,
    cents: countedCents(r, months, ended.get(r.id)?.paid),
    method: methodOf[r.paymentMethod],
    donorKey: r.donorKey,
    returning: r.donorId !== null && returning.has(r.donorId),
    source: r.source,
    medium: r.medium,
    campaign: r.campaign,
    team: r.teamSlug && r.teamName ? { slug: r.teamSlug, name: r.teamName } : null,
  }));
}

/**
 * The donor records among the campaign's givers that had a received gift dated before the
 * campaign's start (the day an offline gift was received, else when it was made), to any cause.
 * Aliases are written out: a bare column in the subquery would be its own table's.
 */
async function returningDonors(db: DatabaseExecutor, campaign: CampaignRow) {
  const result = (await db.execute(sql`
    select distinct prior.donor_id
    from donations prior
    where prior.donor_id in (select gift.donor_id from donations gift
        where gift.campaign_id = ${campaign.id} and gift.donor_id is not null)
      and prior.payment_status = 'succeeded' and prior.voided_at is null
      and coalesce(prior.donated_at, prior.created_at) < ${campaign.startsAt.toISOString()}`)) as unknown as {
    rows: { donor_id: string }[];
  };
  return new Set(result.rows.map((r) => r.donor_id));
}

/** The matchers' money that stands, as the thermometer adds it. */
async function matchedCents(db: DatabaseExecutor, campaignId: string) {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${campaignMatches.cents}), 0)::bigint` })
    .from(campaignMatches)
    .innerJoin(campaignMatchers, eq(campaignMatchers.id, campaignMatches.matcherId))
    .where(and(eq(campaignMatchers.campaignId, campaignId), isNull(campaignMatches.releasedAt)));
  return Number(row?.cents ?? 0);
}

function tallyOf(gifts: readonly CountedGift[]) {
  return { gifts: gifts.length, amount: dollars(gifts.reduce((sum, g) => sum + g.cents, 0)) };
}

/** The gifts by a key, in the order each key first appears. */
function groupBy<K>(gifts: readonly CountedGift[], keyOf: (gift: CountedGift) => K) {
  const groups = new Map<K, CountedGift[]>();
  for (const gift of gifts) {
    const key = keyOf(gift);
    const group = groups.get(key);
    if (group) group.push(gift);
    else groups.set(key, [gift]);
  }
  return groups;
}

function median(cents: number[]): number | null {
  if (cents.length === 0) return null;
  const sorted = [...cents].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const middle = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return dollars(Math.round(middle));
}

/**
 * Each hour of the window, in order, by the hours of the clock. Hours are counted from the epoch,
 * which are the site's own whole hours in every zone whose offset is whole hours (all of the
 * Americas and Israel); the label reads each in the site's zone, so the hour a clock change
 * repeats is listed twice, each with its own gifts.
 */
function hoursOf(gifts: readonly CountedGift[], from: Date, to: Date, timeZone: string) {
  const label = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
  });
  const byHour = groupBy(gifts, (g) => Math.floor(g.at.getTime() / HOUR));
  const first = Math.floor(from.getTime() / HOUR);
  const last = Math.ceil(to.getTime() / HOUR);
  const hours: CampaignAnalytics['byHour'] = [];
  let inWindow: CountedGift[] = [];
  for (let hour = first; hour < last; hour++) {
    const start = new Date(hour * HOUR);
    const group = byHour.get(hour) ?? [];
    inWindow = inWindow.concat(group);
    hours.push({ start: start.toISOString(), label: label.format(start), ...tallyOf(group) });
  }
  const listed = new Set(inWindow);
  return { hours, outside: tallyOf(gifts.filter((g) => !listed.has(g))) };
}

function referrerLabel(parts: (string | null)[]) {
  const named = parts.filter((p): p is string => p !== null);
  return named.length === 0 ? 'direct' : named.join(' / ');
}

/** The campaign's figures for the office (`GET /api/admin/campaigns/:id/analytics`). */
export async function campaignAnalytics(
  db: DatabaseExecutor,
  campaign: CampaignRow,
  place: Place,
): Promise<CampaignAnalytics> {
  const gifts = await countedGifts(db, campaign);
  const matched = await matchedCents(db, campaign.id);
  const raisedCents = gifts.reduce((sum, g) => sum + g.cents, 0);
  const times = timesOf(campaign, place);
  const { hours, outside } = hoursOf(
    gifts,
    times.startsAt,
    times.openUntil ?? times.endsAt,
    place.timeZone,
  );
  const referrers = [...groupBy(gifts, (g) => JSON.stringify([g.source, g.medium, g.campaign]))]
    .map(([, group]) => {
      const { source, medium, campaign: utmCampaign } = group[0]!;
      return {
        label: referrerLabel([source, medium, utmCampaign]),
        source,
        medium,
        campaign: utmCampaign,
        ...tallyOf(group),
      };
    })
    .sort((a, b) => b.amount - a.amount || b.gifts - a.gifts || a.label.localeCompare(b.label));
  const donorsOf = (returning: boolean) => {
    const group = gifts.filter((g) => g.returning === returning);
    return { donors: new Set(group.map((g) => g.donorKey)).size, ...tallyOf(group) };
  };
  const byMethod = groupBy(gifts, (g) => g.method);
  const byTeam = [...groupBy(gifts, (g) => g.team?.slug ?? null)]
    .map(([slug, group]) => ({
      slug,
      label: group[0]!.team?.name ?? 'No team',
      donors: new Set(group.map((g) => g.donorKey)).size,
      ...tallyOf(group),
    }))
    .sort(
      (a, b) =>
        Number(a.slug === null) - Number(b.slug === null) ||
        b.amount - a.amount ||
        a.label.localeCompare(b.label),
    );
  const total = raisedCents + matched;
  return {
    timeZone: place.timeZone,
    gifts: gifts.length,
    raised: dollars(raisedCents),
    matched: dollars(matched),
    matchedShare: total > 0 ? matched / total : 0,
    average: gifts.length > 0 ? dollars(Math.round(raisedCents / gifts.length)) : null,
    median: median(gifts.map((g) => g.cents)),
    byHour: hours,
    outsideWindow: outside,
    byReferrer: referrers,
    donors: { new: donorsOf(false), returning: donorsOf(true) },
    byMethod: (['card', 'ojc', 'offline'] as const).map((method) => ({
      method,
      label: methodLabels[method],
      ...tallyOf(byMethod.get(method) ?? []),
    })),
    byTeam,
  };
}
