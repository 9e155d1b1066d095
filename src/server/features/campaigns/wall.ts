import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import {
  campaignMatches,
  donations,
  ojcSubscriptions,
  stripeSubscriptions,
  type CampaignRow,
} from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { WallDisplay } from '~/shared/domain';
import type { WallEntry, WallRelease } from '~/shared/schemas/campaigns';
import { countedCents } from './matching';

/** How many of the latest gifts the wall carries. */
export const WALL_SIZE = 50;

const dollars = (cents: number) => cents / 100;

/** "Reuven Katz" → "R. K.": the first letter of each word of the name. */
export function initialsOf(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${Array.from(word)[0]!.toUpperCase()}.`)
    .join(' ');
}

/** Whether the wall shows a gift's donor by a name (whole, or initials) rather than "Anonymous". */
export function wallShowsName(display: WallDisplay | null, donorName: string | null) {
  return (
    Boolean(donorName?.trim()) &&
    display !== null &&
    display !== 'anonymous' &&
    display !== 'hidden'
  );
}

/**
 * The wall's name of a gift, as its donor chose: the only place a donor's name is read for the
 * snapshot, so a name the donor did not choose to show is in no field of it.
 */
export function wallName(display: WallDisplay | null, donorName: string | null) {
  if (!wallShowsName(display, donorName)) return 'Anonymous';
  const name = donorName!.trim();
  return display === 'initials' ? initialsOf(name) : name;
}

/**
 * Who gave a gift, for counting donors once however many gifts they gave: their donor record
 * (one per person, whatever addresses the office merged into it), else their address, else the
 * gift itself. The one rule of every donor count: the campaign's, its teams' and groups', and
 * the office's analytics.
 */
export const donorKey = sql`coalesce(${donations.donorId}::text, lower(${donations.email}), ${donations.id}::text)`;

/** A campaign gift whose money is in: received and not voided. */
export const received = sql`${donations.paymentStatus} = 'succeeded' and ${donations.voidedAt} is null`;

/** A gift the wall shows: received, or received and then refunded or disputed (it says so). */
export const onTheWall = sql`${donations.paymentStatus} in ('succeeded', 'refunded', 'disputed')
  and ${donations.voidedAt} is null`;

/**
 * Money on its way: an OJC charge sent and not yet answered, an offline gift not yet received.
 * A checkout left before paying (a card's or OJC's pending row) is on no one's way.
 */
export const onItsWay = sql`${donations.paymentStatus} = 'pending' and ${donations.voidedAt} is null
  and (${donations.paymentMethod} = 'offline'
    or (${donations.paymentMethod} = 'ojc' and ${donations.ojcChargingSince} is not null))`;

/** What a gift counts for, in SQL, as `countedCents` counts it (a plan ended early is adjusted after). */
export const counted = (months: number) =>
  sql`greatest(0, case when ${donations.donationType} = 'subscription'
    then (${donations.amountCents} - ${donations.feeCents}) * ${months} - ${donations.refundedCents}
    else ${donations.amountCents} - ${donations.feeCents} - ${donations.refundedCents} end)`;

/** Monthly plans of the campaign that ended: how many payments each made. */
export async function endedPlans(db: DatabaseExecutor, campaignId: string) {
  const rows = await db
    .select({
      id: donations.id,
      donationType: donations.donationType,
      amountCents: donations.amountCents,
      feeCents: donations.feeCents,
      refundedCents: donations.refundedCents,
      teamId: donations.teamId,
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

/** A gift's key on the wall: stable, but not its id, which no visitor needs. */
function wallKey(donationId: string) {
  return createHash('sha256').update(`wall ${donationId}`).digest('base64url').slice(0, 16);
}

const wallReleaseSet = new Set<string>(['refunded', 'disputed', 'cancelled']);

/**
 * Why each gift's match was last taken back, for the wall to say (refunded, disputed, ended); the
 * wall says it only of a gift that does not stand in full now.
 */
async function releasesOf(db: DatabaseExecutor, donationIds: string[]) {
  if (donationIds.length === 0) return new Map<string, WallRelease>();
  const rows = await db
    .select({ donationId: campaignMatches.donationId, reason: campaignMatches.releaseReason })
    .from(campaignMatches)
    .where(
      and(inArray(campaignMatches.donationId, donationIds), isNotNull(campaignMatches.releasedAt)),
    )
    .orderBy(asc(campaignMatches.releasedAt));
  const released = new Map<string, WallRelease>();
  for (const row of rows) {
    if (row.reason && wallReleaseSet.has(row.reason)) {
      released.set(row.donationId, row.reason as WallRelease);
    }
  }
  return released;
}

/**
 * The wall: the latest gifts of the campaign (or of one of its teams), newest first, each as its
 * donor chose to be shown. `ended` is the campaign's monthly plans that ended (endedPlans).
 */
export async function buildWall(
  db: DatabaseExecutor,
  campaign: CampaignRow,
  ended: Awaited<ReturnType<typeof endedPlans>>,
  teamId?: string,
): Promise<WallEntry[]> {
  const months = campaign.recurringMonths;
  const wallRows = await db
    .select({
      id: donations.id,
      donorName: donations.donorName,
      wallDisplay: donations.wallDisplay,
      dedicationKind: donations.dedicationKind,
      dedicationName: donations.dedicationName,
      paymentStatus: donations.paymentStatus,
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
        teamId ? eq(donations.teamId, teamId) : undefined,
        onTheWall,
        sql`${donations.wallDisplay} is distinct from 'hidden'`,
      ),
    )
    // The id last: gifts paid in the same second keep one order from one build to the next.
    .orderBy(desc(donations.donatedAt), desc(donations.createdAt), desc(donations.id))
    .limit(WALL_SIZE);
  const releases = await releasesOf(
    db,
    wallRows.map((g) => g.id),
  );
  return wallRows.map((g) => {
    const paid = ended.get(g.id)?.paid;
    const takenBack = g.paymentStatus === 'refunded' || g.paymentStatus === 'disputed';
    const partlyRefunded = !takenBack && g.refundedCents > 0;
    // A plan that made every payment that counts did not end early, whenever it stopped.
    const endedEarly = g.donationType === 'subscription' && paid !== undefined && paid < months;
    // A gift that stands in full (a dispute won, say) has nothing to explain, whatever its past.
    const released =
      !takenBack && !partlyRefunded && !endedEarly
        ? null
        : (releases.get(g.id) ??
          (takenBack
            ? (g.paymentStatus as WallRelease)
            : partlyRefunded
              ? 'refunded'
              : 'cancelled'));
    // A gift taken back shows what it was, struck through, so the wall says what changed.
    const amount = takenBack
      ? countedCents({ ...g, refundedCents: 0 }, months, paid)
      : countedCents(g, months, paid);
    const showAmount = g.wallDisplay !== 'name';
    const monthly =
      g.donationType === 'subscription'
        ? {
            amount: showAmount ? dollars(g.amountCents - g.feeCents) : null,
            months: paid === undefined ? months : Math.min(months, paid),
          }
        : null;
    return {
      id: wallKey(g.id),
      name: wallName(g.wallDisplay, g.donorName),
      amount: showAmount ? dollars(amount) : null,
      dedication:
        g.dedicationKind && g.dedicationName
          ? { kind: g.dedicationKind, name: g.dedicationName }
          : null,
      monthly,
      released,
      refunded: partlyRefunded && showAmount ? dollars(g.refundedCents) : null,
      at: (g.donatedAt ?? g.createdAt).toISOString(),
    };
  });
}
