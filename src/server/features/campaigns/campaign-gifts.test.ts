import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns } from '~/db/schema';
import { giveByCard, hoursFrom, liveCampaign, matchesOf } from '~tests/helpers/campaigns';
import { deliverEvent, setUpStripeTestApp } from '~tests/helpers/stripe';

const t = setUpStripeTestApp({}, { admin: { username: 'campaign-office' } });

const hours = (h: number) => hoursFrom(t.app.clock(), h);

/** A published campaign running now: $150 at 1:1, then $200 at 2:1. */
const matchedCampaign = (changes: Record<string, unknown> = {}) =>
  liveCampaign(t.app, t.admin, {
    matchers: [
      { name: 'First matcher', ratio: 1, cap: 150 },
      { name: 'Second matcher', ratio: 2, cap: 200 },
    ],
    ...changes,
  });

async function deliverOk(event: Parameters<typeof deliverEvent>[1]) {
  const res = await deliverEvent(t.app, event);
  expect(res.statusCode, res.body).toBe(200);
}

const snapshot = (slug: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/campaigns/${slug}`, headers });

describe('a card gift to a campaign', () => {
  it('is credited through the PaymentIntent, matched when received, and split across a cap', async () => {
    const campaign = await matchedCampaign();
    const pending = await t.startCheckout({ amount: 100, campaign: campaign.slug, wall: 'full' });
    expect(pending.metadata).toMatchObject({ campaign_id: campaign.id, wall_display: 'full' });
    const row = await t.donationOf(pending.id);
    expect(row).toMatchObject({ campaignId: campaign.id, wallDisplay: 'full' });
    // Not received yet: pending, not matched.
    expect(await matchesOf(t.app, row.id)).toEqual([]);
    expect((await snapshot(campaign.slug)).json()).toMatchObject({ raised: 0, matched: 0 });

    await deliverOk(t.standIn.event('payment_intent.succeeded', t.standIn.pay(pending.id)));
    expect(await matchesOf(t.app, row.id)).toEqual([
      { matcher: 'First matcher', giftCents: 10_000, cents: 10_000, releaseReason: null },
    ]);
    // $100 more: $50 takes the rest of the first cap, $50 is tripled by the second.
    const second = await giveByCard(t, campaign.slug, 100);
    expect(await matchesOf(t.app, (await t.donationOf(second.id)).id)).toEqual([
      { matcher: 'First matcher', giftCents: 5000, cents: 5000, releaseReason: null },
      { matcher: 'Second matcher', giftCents: 5000, cents: 10_000, releaseReason: null },
    ]);
    // A redelivered success matches nothing twice.
    await deliverOk(
      t.standIn.event('payment_intent.succeeded', t.standIn.paymentIntent(second.id)),
    );
    expect(await matchesOf(t.app, (await t.donationOf(second.id)).id)).toHaveLength(2);

    expect((await snapshot(campaign.slug)).json()).toMatchObject({
      raised: 200,
      matched: 250,
      donors: 2,
      matchers: [
        { name: 'First matcher', ratio: 1, cap: 150, used: 150 },
        { name: 'Second matcher', ratio: 2, cap: 200, used: 100 },
      ],
    });
  });

  it('releases the match of a refunded gift, with the reason, and frees its cap', async () => {
    const campaign = await matchedCampaign();
    const pi = await giveByCard(t, campaign.slug, 120);
    const id = (await t.donationOf(pi.id)).id;
    await deliverOk(t.standIn.event('charge.refunded', t.standIn.refund(pi.id, 2000)));
    // $20 refunded of $120: the first $100 keep their match.
    expect(await matchesOf(t.app, id)).toEqual([
      { matcher: 'First matcher', giftCents: 12_000, cents: 12_000, releaseReason: 'refunded' },
      { matcher: 'First matcher', giftCents: 10_000, cents: 10_000, releaseReason: null },
    ]);
    // The wall shows what stands and names the part refunded, nothing struck through.
    expect((await snapshot(campaign.slug)).json().wall[0]).toMatchObject({
      amount: 100,
      released: 'refunded',
      refunded: 20,
    });
    await deliverOk(t.standIn.event('charge.refunded', t.standIn.refund(pi.id)));
    expect((await matchesOf(t.app, id)).map((m) => m.releaseReason)).toEqual([
      'refunded',
      'refunded',
    ]);
    const after = (await snapshot(campaign.slug)).json();
    expect(after).toMatchObject({ raised: 0, matched: 0, donors: 0 });
    expect(after.matchers[0].used).toBe(0);
    // The wall keeps the gift, says why its match went, and shows what it was.
    expect(after.wall[0]).toMatchObject({ amount: 120, released: 'refunded' });
    // The freed cap matches the next gift.
    const next = await giveByCard(t, campaign.slug, 150);
    expect(await matchesOf(t.app, (await t.donationOf(next.id)).id)).toEqual([
      { matcher: 'First matcher', giftCents: 15_000, cents: 15_000, releaseReason: null },
    ]);
  });

  it('releases the match of a disputed gift', async () => {
    const campaign = await matchedCampaign();
    const pi = await giveByCard(t, campaign.slug, 40);
    const dispute = t.standIn.dispute(pi.id);
    await deliverOk(t.standIn.event('charge.dispute.created', dispute));
    expect(
      (await matchesOf(t.app, (await t.donationOf(pi.id)).id)).map((m) => m.releaseReason),
    ).toEqual(['disputed']);
    const after = (await snapshot(campaign.slug)).json();
    expect(after).toMatchObject({ raised: 0, matched: 0 });
    expect(after.wall[0]).toMatchObject({ amount: 40, released: 'disputed', refunded: null });

    // The dispute won: the gift is matched again and the wall no longer says "Disputed".
    await deliverOk(
      t.standIn.event('charge.dispute.closed', t.standIn.updateDispute(dispute.id, 'won')),
    );
    const won = (await snapshot(campaign.slug)).json();
    expect(won).toMatchObject({ raised: 40, matched: 40 });
    expect(won.wall[0]).toMatchObject({ amount: 40, released: null });
  });

  it('says nothing ended early of a monthly gift that made all the payments that count', async () => {
    const campaign = await matchedCampaign({ recurringMonths: 1 });
    const { pi, subscriptionId, invoiceId } = await t.startMonthly({
      amount: 18,
      campaign: campaign.slug,
    });
    await t.payFirstInvoice({ pi, invoiceId });
    await deliverOk(
      t.standIn.event(
        'customer.subscription.deleted',
        t.standIn.cancelSubscription(subscriptionId),
      ),
    );
    const after = (await snapshot(campaign.slug)).json();
    expect(after).toMatchObject({ raised: 18, matched: 18 });
    expect(after.wall[0]).toMatchObject({ monthly: { months: 1 }, released: null });
  });

  it('matches a monthly gift for the months that count, and keeps only the paid months once it ends', async () => {
    const campaign = await matchedCampaign({ recurringMonths: 10 });
    const { pi, subscriptionId, invoiceId } = await t.startMonthly({
      amount: 18,
      campaign: campaign.slug,
      wall: 'full',
      name: 'Monthly Giver',
    });
    await t.payFirstInvoice({ pi, invoiceId });
    const id = (await t.donationOf(pi.id)).id;
    // $18 × 10 = $180: $150 at 1:1, then $30 tripled.
    expect(await matchesOf(t.app, id)).toEqual([
      { matcher: 'First matcher', giftCents: 15_000, cents: 15_000, releaseReason: null },
      { matcher: 'Second matcher', giftCents: 3000, cents: 6000, releaseReason: null },
    ]);
    const live = (await snapshot(campaign.slug)).json();
    expect(live).toMatchObject({ raised: 180, matched: 210 });
    expect(live.wall[0]).toMatchObject({
      name: 'Monthly Giver',
      amount: 180,
      monthly: { amount: 18, months: 10 },
    });

    await deliverOk(
      t.standIn.event(
        'customer.subscription.deleted',
        t.standIn.cancelSubscription(subscriptionId),
      ),
    );
    expect(await matchesOf(t.app, id)).toEqual([
      { matcher: 'First matcher', giftCents: 15_000, cents: 15_000, releaseReason: 'cancelled' },
      { matcher: 'Second matcher', giftCents: 3000, cents: 6000, releaseReason: 'cancelled' },
      { matcher: 'First matcher', giftCents: 1800, cents: 1800, releaseReason: null },
    ]);
    const ended = (await snapshot(campaign.slug)).json();
    expect(ended).toMatchObject({ raised: 18, matched: 18 });
    expect(ended.wall[0]).toMatchObject({
      amount: 18,
      monthly: { amount: 18, months: 1 },
      released: 'cancelled',
    });
  });

  const refused: [string, () => Promise<string>, string][] = [
    ['an unknown campaign', async () => 'no-such-campaign', 'There is no such campaign'],
    [
      'a draft',
      async () => (await matchedCampaign({ status: 'draft' })).slug,
      'There is no such campaign',
    ],
    [
      'a campaign not started',
      async () => (await matchedCampaign({ startsAt: hours(2), endsAt: hours(5) })).slug,
      'has not started yet',
    ],
    [
      'a campaign that has ended',
      async () => (await matchedCampaign({ startsAt: hours(-5), endsAt: hours(-2) })).slug,
      'has ended',
    ],
  ];
  it.each(refused)('is refused for %s with a plain field message (400)', async (_, slug, text) => {
    const calls = t.standIn.requestsTo('POST', '/v1/payment_intents').length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 36, campaign: await slug() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.campaign).toContain(text);
    expect(t.standIn.requestsTo('POST', '/v1/payment_intents')).toHaveLength(calls);
  });

  it('is taken in the "still open" time after the end, and refuses a wall choice that is not one', async () => {
    const campaign = await matchedCampaign({
      startsAt: hours(-5),
      endsAt: hours(-1),
      openUntil: hours(3),
    });
    const pi = await t.startCheckout({ amount: 10, campaign: campaign.slug });
    expect(await t.donationOf(pi.id)).toMatchObject({ wallDisplay: 'anonymous' });
    expect((await snapshot(campaign.slug)).json().state).toBe('open');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 10, campaign: campaign.slug, wall: 'everyone' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.wall).toBe('Please choose how your gift is shown on the wall');
  });
});

describe('GET /api/campaigns/:slug', () => {
  it('shows each gift as its donor chose, and no name a donor did not choose to show', async () => {
    const campaign = await matchedCampaign();
    const donor = (name: string, wall: string, amount: number) =>
      giveByCard(t, campaign.slug, amount, { name, wall, email: `${wall}@example.org` });
    await donor('Reuven Katz', 'full', 10);
    await donor('Leah Gold', 'name', 20);
    await donor('Dovid Weiss', 'initials', 30);
    await donor('Chana Secret', 'anonymous', 40);
    await donor('Hidden Person', 'hidden', 50);
    await giveByCard(t, campaign.slug, 60, { name: 'No Choice Made', email: 'none@example.org' });
    const res = await snapshot(campaign.slug);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ slug: campaign.slug, state: 'live', raised: 210, donors: 6 });
    expect(
      body.wall.map((w: { name: string; amount: number | null }) => [w.name, w.amount]),
    ).toEqual([
      ['Anonymous', 60],
      ['Anonymous', 40],
      ['D. W.', 30],
      ['Leah Gold', null],
      ['Reuven Katz', 10],
    ]);
    for (const secret of ['Dovid', 'Weiss', 'Chana', 'Secret', 'Hidden', 'No Choice', '@example']) {
      expect(res.body).not.toContain(secret);
    }
    expect(Object.keys(body).sort()).toEqual(
      [
        'bonusGoals',
        'donors',
        'endsAt',
        'fund',
        'openUntil',
        'pauses',
        'recurringMonths',
        'resumesAt',
        'story',
        'goal',
        'matched',
        'matchers',
        'pending',
        'raised',
        'slug',
        'startsAt',
        'state',
        'title',
        'version',
        'wall',
        'teams',
        'groups',
      ].sort(),
    );
  });

  it('answers 304 to the ETag it gave until a gift changes the figures, then is fresh', async () => {
    const campaign = await matchedCampaign();
    const first = await snapshot(campaign.slug);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await snapshot(campaign.slug, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await giveByCard(t, campaign.slug, 25);
    const fresh = await snapshot(campaign.slug, { 'if-none-match': etag });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).not.toBe(etag);
    expect(fresh.json()).toMatchObject({ raised: 25, matched: 25 });
  });

  it('is 404 for a draft or an unknown campaign', async () => {
    const draft = await matchedCampaign({ status: 'draft' });
    expect((await snapshot(draft.slug)).statusCode).toBe(404);
    expect((await snapshot('nothing-here')).statusCode).toBe(404);
    const [row] = await t.app.database.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.id, draft.id));
    expect(row!.status).toBe('draft');
  });
});
