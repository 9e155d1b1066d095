import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignMatchers, campaignMatches, campaigns, donations } from '~/db/schema';
import type { DatabaseHandle } from '~/db/client';
import { createTestDatabase } from '~tests/helpers/database';
import { lockCampaigns, settleCampaignGift } from './settle-gift';

// On PostgreSQL (npm run test:pg) the gifts below are settled on four connections at once.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function campaignWithCap(capCents: number, offlineGiftsMatched = false) {
  const { db } = database;
  const [campaign] = await db
    .insert(campaigns)
    .values({
      slug: `cap-${Math.random().toString(36).slice(2, 10)}`,
      title: 'Cap test',
      goalCents: 1_000_000,
      startsAt: new Date(Date.now() - 3_600_000),
      endsAt: new Date(Date.now() + 3_600_000),
      status: 'published',
      offlineGiftsMatched,
    })
    .returning();
  const [matcher] = await db
    .insert(campaignMatchers)
    .values({ campaignId: campaign!.id, position: 0, name: 'M', ratioHundredths: 100, capCents })
    .returning();
  return { campaign: campaign!, matcher: matcher! };
}

async function receivedGift(campaignId: string, cents: number, method: 'stripe' | 'offline') {
  const [row] = await database.db
    .insert(donations)
    .values({
      amountCents: cents,
      donationType: 'onetime',
      paymentMethod: method,
      offlineMethod: method === 'offline' ? 'check' : null,
      paymentStatus: 'succeeded',
      campaignId,
      wallDisplay: 'anonymous',
      donatedAt: new Date(),
    })
    .returning();
  return row!;
}

/** As the payment paths do: lock the gift's row, then settle it, in one transaction. */
const settle = (id: string) =>
  database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(donations).where(eq(donations.id, id)).for('update');
    await settleCampaignGift(tx, row!, new Date());
  });

describe('settleCampaignGift', () => {
  it('never lets gifts settled at once use more than a cap', async () => {
    const { campaign, matcher } = await campaignWithCap(10_000);
    const gifts = await Promise.all(
      Array.from({ length: 24 }, () => receivedGift(campaign.id, 1000, 'stripe')),
    );
    await Promise.all(gifts.map((g) => settle(g.id)));
    const [used] = await database.db
      .select({
        cents: sql<number>`coalesce(sum(${campaignMatches.cents}), 0)::int`,
        gifts: sql<number>`count(distinct ${campaignMatches.donationId})::int`,
      })
      .from(campaignMatches)
      .where(eq(campaignMatches.matcherId, matcher.id));
    expect(used).toEqual({ cents: 10_000, gifts: 10 });
    const [after] = await database.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(after!.version).toBe(24);
  });

  it('matches an offline gift only when the campaign says offline gifts earn the match', async () => {
    const plain = await campaignWithCap(10_000);
    const cheque = await receivedGift(plain.campaign.id, 5000, 'offline');
    await settle(cheque.id);
    expect(
      await database.db
        .select()
        .from(campaignMatches)
        .where(eq(campaignMatches.donationId, cheque.id)),
    ).toEqual([]);

    const matched = await campaignWithCap(10_000, true);
    const second = await receivedGift(matched.campaign.id, 5000, 'offline');
    await settle(second.id);
    const rows = await database.db
      .select()
      .from(campaignMatches)
      .where(eq(campaignMatches.donationId, second.id));
    expect(rows.map((r) => r.cents)).toEqual([5000]);
    // A bounced cheque is voided: its match goes back, and says why.
    await database.db
      .update(donations)
      .set({ voidedAt: new Date(), voidReason: 'Bounced' })
      .where(eq(donations.id, second.id));
    await settle(second.id);
    const [released] = await database.db
      .select()
      .from(campaignMatches)
      .where(eq(campaignMatches.donationId, second.id));
    expect(released!.releaseReason).toBe('voided');
    expect(
      await database.db
        .select()
        .from(campaignMatches)
        .where(isNull(campaignMatches.releasedAt))
        .then((r) => r.filter((m) => m.donationId === second.id)),
    ).toEqual([]);
  });
});

describe('lockCampaigns', () => {
  it('locks each campaign once, in id order, whatever order it is given', async () => {
    const a = (await campaignWithCap(100)).campaign.id;
    const b = (await campaignWithCap(100)).campaign.id;
    const locked = await database.db.transaction((tx) => lockCampaigns(tx, [b, a, b]));
    expect(locked.map((row) => row.id)).toEqual([a, b].sort());
    expect(await database.db.transaction((tx) => lockCampaigns(tx, []))).toEqual([]);
  });
});
