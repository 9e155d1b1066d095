import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  campaignMatchers,
  donations,
  ojcSubscriptions,
  stripeSubscriptions,
  type CampaignRow,
} from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { WallDisplay } from '~/shared/domain';
import type { CampaignSnapshot } from '~/shared/schemas/campaigns';
import { countedCents } from './matching';
import { usedCentsOf } from './settle-gift';

/** How many of the latest gifts the wall carries. */
export const WALL_SIZE = 50;

const dollars = (cents: number) => cents / 100;

export function campaignState(campaign: CampaignRow, now: Date): CampaignSnapshot['state'] {
  const t = now.getTime();
  if (t < campaign.startsAt.getTime()) return 'upcoming';
  if (t < campaign.endsAt.getTime()) return 'live';
  if (campaign.openUntil && t < campaign.openUntil.getTime()) return 'still-open';
  return 'ended';
}

/** "Reuven Katz" → "R. K.": the first letter of each word of the name. */
export function initialsOf(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${Array.from(word)[0]!.toUpperCase()}.`)
    .join(' ');
}

/**
 * The wall's name of a gift, as its donor chose: the only place a donor's name is read for the
 * snapshot, so a name the donor did not choose to show is in no field of it.
 */
export function wallName(display: WallDisplay | null, donorName: string | null) {
  const name = donorName?.trim();
  if (!name || display === null || display === 'anonymous' || display === 'hidden') {
    return 'Anonymous';
  }
  return display === 'initials' ? initialsOf(name) : name;
}

/** A campaign gift whose money is in: received and not voided. */
const received = sql`${donations.paymentStatus} = 'succeeded' and ${donations.voidedAt} is null`;

/**
 * Money on its way: an OJC charge sent and not yet answered, an offline gift not yet received.
 * A checkout left before paying (a card's or OJC's pending row) is on no one's way.
 */
const onItsWay = sql`${donations.paymentStatus} = 'pending' and ${donations.voidedAt} is null
  and (${donations.paymentMethod} = 'offline'
    or (${donations.paymentMethod} = 'ojc' and ${donations.ojcChargingSince} is not null))`;

/** What a gift counts for, in SQL, as `countedCents` counts it (a plan ended early is adjusted after). */
const counted = (months: number) =>
  sql`greatest(0, case when ${donations.donationType} = 'subscription'
    then (${donations.amountCents} - ${donations.feeCents}) * ${months} - ${donations.refundedCents}
    else ${donations.amountCents} - ${donations.feeCents} - ${donations.refundedCents} end)`;

/** Monthly plans of the campaign that ended: how many payments each made. */
async function endedPlans(db: DatabaseExecutor, campaignId: string) {
  const rows = await db
    .select({
      id: donations.id,
      donationType: donations.donationType,
      amountCents: donations.amountCents,
      feeCents: donations.feeCents,
      refundedCents: donations.refundedCents,
      paid: sql<number>`(select count(*)::int from ${donations} paid
        where (paid.stripe_subscription_id = ${donations.stripeSubscriptionId}
          or paid.ojc_subscription_id = ${donations.ojcSubscriptionId})
        and paid.payment_status = 'succeeded')`,
    })
    .from(donations)
    .leftJoin(stripeSubscriptions, eq(stripeSubscriptions.id, donations.stripeSubscriptionId))
    .leftJoin(ojcSubscriptions, eq(ojcSubscriptions.id, donations.ojcSubscriptionId))
    .where(
      and(
        eq(donations.campaignId, campaignId),
        received,
        eq(donations.donationType, 'subscription'),
        sql`(${stripeSubscriptions.status} = 'canceled' or ${ojcSubscriptions.status} in ('canceled', 'failed'))`,
      ),
    );
  return new Map(rows.map((r) => [r.id, { ...r, paid: Number(r.paid) }]));
}

/** The campaign's public figures and wall, read from the database in a few queries. */
export async function buildSnapshot(
  db: DatabaseExecutor,
  campaign: CampaignRow,
  now: Date,
): Promise<Omit<CampaignSnapshot, 'version'>> {
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
      donors: sql<number>`count(distinct coalesce(lower(${donations.email}), ${donations.id}::text)) filter (where ${received})`,
    })
    .from(donations)
    .where(eq(donations.campaignId, campaign.id));
  const ended = await endedPlans(db, campaign.id);
  let raised = Number(totals!.raised);
  for (const plan of ended.values()) {
    raised -= countedCents(plan, months) - countedCents(plan, months, plan.paid);
  }
  const wallRows = await db
    .select({
      id: donations.id,
      donorName: donations.donorName,
      wallDisplay: donations.wallDisplay,
      donationType: donations.donationType,
      amountCents: donations.amountCents,
      feeCents: donations.feeCents,
      refundedCents: donations.refundedCents,
      donatedAt: donations.donatedAt,
      createdAt: donations.createdAt,
    })
    .from(donations)
    .where(
      and(
        eq(donations.campaignId, campaign.id),
        received,
        sql`${donations.wallDisplay} is distinct from 'hidden'`,
      ),
    )
    .orderBy(desc(donations.donatedAt), desc(donations.createdAt))
    .limit(WALL_SIZE);
  return {
    slug: campaign.slug,
    title: campaign.title,
    state: campaignState(campaign, now),
    goal: dollars(campaign.goalCents),
    raised: dollars(raised),
    matched: dollars([...used.values()].reduce((a, b) => a + b, 0)),
    pending: dollars(Number(totals!.pending)),
    donors: Number(totals!.donors),
    startsAt: campaign.startsAt.toISOString(),
    endsAt: campaign.endsAt.toISOString(),
    matchers: matchers.map((m) => ({
      name: m.name,
      ratio: m.ratioHundredths / 100,
      cap: dollars(m.capCents),
      used: dollars(used.get(m.id) ?? 0),
    })),
    wall: wallRows.map((g) => {
      const paid = ended.get(g.id)?.paid;
      const amount = countedCents(g, months, paid);
      const monthly =
        g.donationType === 'subscription'
          ? {
              amount: dollars(g.amountCents - g.feeCents),
              months: paid === undefined ? months : Math.min(months, paid),
            }
          : null;
      const showAmount = g.wallDisplay !== 'name';
      return {
        name: wallName(g.wallDisplay, g.donorName),
        amount: showAmount ? dollars(amount) : null,
        monthly: showAmount ? monthly : null,
        at: (g.donatedAt ?? g.createdAt).toISOString(),
      };
    }),
  };
}
