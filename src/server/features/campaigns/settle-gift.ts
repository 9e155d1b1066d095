import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  campaignMatchers,
  campaignMatches,
  campaigns,
  donations,
  type CampaignRow,
  type Donation,
} from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { MatchReleaseReason } from '~/shared/domain';
import { allocateMatch, countedCents, trimMatch, type MatchPart } from './matching';
import { CAMPAIGN_CHANNEL, noteLocalChange } from './local-changes';
import { noteTeamGift } from './team-gift-mail';

/**
 * A change to what a campaign's snapshot shows: its version moves on, and every instance hears
 * of it when the transaction commits (`pg_notify` is delivered at commit, never for a rollback),
 * so the snapshot each keeps in memory is rebuilt (snapshot-store.ts). This process notes the
 * version too: a read here after the commit is fresh even before the notification is heard.
 */
export async function touchCampaign(tx: DatabaseExecutor, campaignId: string) {
  const [row] = await tx
    .update(campaigns)
    .set({ version: sql`${campaigns.version} + 1` })
    .where(eq(campaigns.id, campaignId))
    .returning({ version: campaigns.version });
  if (!row) return;
  await tx.execute(sql`select pg_notify(${CAMPAIGN_CHANNEL}, ${`${campaignId}:${row.version}`})`);
  noteLocalChange(campaignId, row.version);
}

/**
 * Locks several campaigns' rows in one statement, in id order: two transactions that touch the
 * same pair (a gift moved from A to B while another moves from B to A) then wait for each other
 * instead of each holding one row and deadlocking on the other.
 */
export async function lockCampaigns(tx: DatabaseExecutor, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(inArray(campaigns.id, unique))
    .orderBy(asc(campaigns.id))
    .for('update');
}

/** Whether a gift's money, as it stands, earns the match. */
function earnsMatch(gift: Donation, campaign: CampaignRow) {
  if (gift.paymentStatus !== 'succeeded' || gift.voidedAt) return false;
  return gift.paymentMethod !== 'offline' || campaign.offlineGiftsMatched;
}

function releaseReason(gift: Donation, planEnded: boolean): MatchReleaseReason {
  if (gift.voidedAt) return 'voided';
  if (gift.paymentStatus === 'disputed') return 'disputed';
  if (gift.paymentStatus === 'failed') return 'failed';
  if (gift.paymentStatus === 'refunded' || gift.refundedCents > 0) return 'refunded';
  return planEnded ? 'cancelled' : 'refunded';
}

interface StoredPart extends MatchPart {
  id: string;
}

/**
 * Brings a campaign gift's stored match in line with its money, in the transaction that changed
 * the gift (the gift's row is already locked by it): a gift received is matched once, from what
 * its matchers have left; a gift refunded, disputed, failed or voided releases its match, and
 * one that counts for less (a partial refund, a monthly plan ended after `paidMonths`) keeps the
 * match of what it still counts for. The campaign's row is locked first, so two gifts at once
 * never both take the last dollars of a cap. Nothing for a gift of no campaign.
 */
export async function settleCampaignGift(
  tx: DatabaseExecutor,
  gift: Donation,
  now: Date,
  { paidMonths }: { paidMonths?: number } = {},
) {
  if (!gift.campaignId) return;
  const [campaign] = await tx
    .select()
    .from(campaigns)
    .where(eq(campaigns.id, gift.campaignId))
    .for('update');
  if (!campaign) return;
  const matchers = await tx
    .select()
    .from(campaignMatchers)
    .where(eq(campaignMatchers.campaignId, campaign.id))
    .orderBy(asc(campaignMatchers.position));
  const standing: StoredPart[] = (
    await tx
      .select({
        id: campaignMatches.id,
        matcherId: campaignMatches.matcherId,
        ratioHundredths: campaignMatchers.ratioHundredths,
        giftCents: campaignMatches.giftCents,
        cents: campaignMatches.cents,
      })
      .from(campaignMatches)
      .innerJoin(campaignMatchers, eq(campaignMatchers.id, campaignMatches.matcherId))
      .where(and(eq(campaignMatches.donationId, gift.id), isNull(campaignMatches.releasedAt)))
      .orderBy(asc(campaignMatches.createdAt), asc(campaignMatchers.position))
  ).map((p) => ({ ...p }));
  const keep = earnsMatch(gift, campaign)
    ? countedCents(gift, campaign.recurringMonths, paidMonths)
    : 0;

  if (standing.length === 0 && keep > 0 && matchers.length > 0) {
    const used = await usedCentsOf(
      tx,
      matchers.map((m) => m.id),
    );
    const parts = allocateMatch(
      matchers.map((m) => ({ ...m, usedCents: used.get(m.id) ?? 0 })),
      keep,
    );
    await insertParts(tx, gift.id, parts, now);
  } else if (standing.length > 0) {
    const { kept, released } = trimMatch(standing, keep);
    if (released.length > 0) {
      const releasedIds = new Set(released.map((p) => (p as StoredPart).id));
      await tx
        .update(campaignMatches)
        .set({ releasedAt: now, releaseReason: releaseReason(gift, paidMonths !== undefined) })
        .where(inArray(campaignMatches.id, [...releasedIds]));
      const rewritten = kept.filter((p) => releasedIds.has((p as StoredPart).id));
      await insertParts(tx, gift.id, rewritten, now);
    }
  }
  await noteTeamGift(tx, gift, now);
  await touchCampaign(tx, campaign.id);
}

/** What each matcher has given to gifts whose match stands, in cents, by matcher id. */
export async function usedCentsOf(tx: DatabaseExecutor, matcherIds: string[]) {
  if (matcherIds.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({
      matcherId: campaignMatches.matcherId,
      used: sql<number>`coalesce(sum(${campaignMatches.cents}), 0)::int`,
    })
    .from(campaignMatches)
    .where(and(inArray(campaignMatches.matcherId, matcherIds), isNull(campaignMatches.releasedAt)))
    .groupBy(campaignMatches.matcherId);
  return new Map(rows.map((r) => [r.matcherId, Number(r.used)]));
}

async function insertParts(
  tx: DatabaseExecutor,
  donationId: string,
  parts: readonly MatchPart[],
  now: Date,
) {
  if (parts.length === 0) return;
  await tx.insert(campaignMatches).values(
    parts.map((p) => ({
      donationId,
      matcherId: p.matcherId,
      giftCents: p.giftCents,
      cents: p.cents,
      createdAt: now,
    })),
  );
}

/** A monthly plan: a card gift's Stripe subscription, or a monthly OJC gift. */
export type MonthlyPlan = { stripe: string } | { ojc: string };

/**
 * A monthly plan that ended (cancelled, or stopped): its campaign gift, the plan's first charge,
 * now counts the payments made, and keeps only their match.
 */
export async function settleEndedPlan(tx: DatabaseExecutor, plan: MonthlyPlan, now: Date) {
  const charges = await tx
    .select()
    .from(donations)
    .where(
      'stripe' in plan
        ? eq(donations.stripeSubscriptionId, plan.stripe)
        : eq(donations.ojcSubscriptionId, plan.ojc),
    )
    .orderBy(asc(donations.createdAt));
  const first = charges.find((c) => c.campaignId);
  if (!first) return;
  const [locked] = await tx
    .select()
    .from(donations)
    .where(eq(donations.id, first.id))
    .for('update');
  const paidMonths = charges.filter((c) => c.paymentStatus === 'succeeded').length;
  await settleCampaignGift(tx, locked!, now, { paidMonths });
}
