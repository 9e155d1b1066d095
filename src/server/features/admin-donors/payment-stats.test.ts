import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { donations } from '~/db/schema';
import type { TestApp } from '~tests/helpers/app';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { insertDonations } from '~tests/helpers/donations';
import { lastTwelveMonths, zonedMonthStart } from './stats-months';

/**
 * The stats on a stopped clock: 15 March 2025, 12:00 UTC (08:00 in New York). Only Date is
 * faked; the app's clock reads it.
 */
const NOW = new Date('2025-03-15T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  ({ app, admin } = await appWithAdmin());
});
afterAll(async () => {
  await app.close();
  vi.useRealTimers();
});

const stats = async () => {
  const res = await app.inject({
    url: '/api/admin/payment-stats',
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/admin/payment-stats', () => {
  it('answers zeros and twelve empty months on an empty table', async () => {
    const body = await stats();
    expect(body).toMatchObject({
      totalAmount: 0,
      totalDonors: 0,
      verifiedPayments: 0,
      pendingPayments: 0,
      averageAmount: 0,
      last7Days: { amount: 0, count: 0 },
      last30Days: { amount: 0, count: 0 },
      byType: { onetime: { amount: 0, count: 0 }, subscription: { amount: 0, count: 0 } },
      timeZone: 'America/New_York',
      asOf: NOW.toISOString(),
    });
    expect(body.monthly).toHaveLength(12);
    expect(body.monthly[0]).toEqual({ month: '2024-04', amount: 0, count: 0 });
    expect(body.monthly[11]).toEqual({ month: '2025-03', amount: 0, count: 0 });
  });

  it('counts succeeded money net of refunds, windows at their edges, types and months', async () => {
    await insertDonations(app, [
      // Inside the 7-day window: exactly at its start, and now.
      { amountCents: 10000, createdAt: ago(7 * DAY) },
      { amountCents: 5000, donationType: 'subscription', createdAt: NOW },
      // Just outside 7 days, inside 30; half refunded: counts 6000 - 3000.
      { amountCents: 6000, refundedCents: 3000, createdAt: ago(7 * DAY + 1) },
      // Exactly at the start of 30 days, and just before it.
      { amountCents: 2000, createdAt: ago(30 * DAY) },
      { amountCents: 4000, donationType: 'subscription', createdAt: ago(30 * DAY + 1) },
      // After now (a clock ahead elsewhere): in the totals, not in "the last 7 days".
      { amountCents: 700, createdAt: new Date(NOW.getTime() + 1000) },
      // No money: pending, failed, refunded, disputed.
      { amountCents: 99900, paymentStatus: 'pending', donatedAt: null, createdAt: ago(DAY) },
      { amountCents: 99900, paymentStatus: 'failed', donatedAt: null, createdAt: ago(DAY) },
      {
        amountCents: 99900,
        refundedCents: 99900,
        paymentStatus: 'refunded',
        createdAt: ago(2 * DAY),
      },
      { amountCents: 99900, paymentStatus: 'disputed', createdAt: ago(3 * DAY) },
      // 1 March 03:00 UTC is still 28 February in New York.
      { amountCents: 1000, createdAt: new Date('2025-03-01T03:00:00Z') },
      // Fifteen months back: in the totals, outside the monthly series.
      { amountCents: 30000, createdAt: new Date('2023-12-10T12:00:00Z') },
    ]);
    const body = await stats();
    const succeeded = 10000 + 5000 + 3000 + 2000 + 4000 + 700 + 1000 + 30000;
    expect(body).toMatchObject({
      totalAmount: succeeded,
      totalDonors: 12,
      verifiedPayments: 8,
      pendingPayments: 1,
      failedPayments: 1,
      refundedPayments: 1,
      disputedPayments: 1,
      averageAmount: Math.round(succeeded / 8),
      last7Days: { amount: 15000, count: 2 },
      last30Days: { amount: 10000 + 5000 + 3000 + 2000 + 1000, count: 5 },
      byType: {
        onetime: { amount: succeeded - 9000, count: 6 },
        subscription: { amount: 9000, count: 2 },
      },
    });
    const month = (m: string) => body.monthly.find((x: { month: string }) => x.month === m);
    // March in New York: the two gifts of the last 7 days, the half-refunded one, the one after now.
    expect(month('2025-03')).toEqual({
      month: '2025-03',
      amount: 10000 + 5000 + 3000 + 700,
      count: 4,
    });
    // February: 2000 (13 February), 4000 (just before), 1000 (28 February local).
    expect(month('2025-02')).toEqual({ month: '2025-02', amount: 2000 + 4000 + 1000, count: 3 });
    expect(body.monthly.reduce((n: number, m: { count: number }) => n + m.count, 0)).toBe(7);
  });

  it('sees a refund on an old gift, and a gift recorded late with an old date', async () => {
    const before = await stats();
    // History (older than 35 days) is summed once and kept: a change there must still show.
    const [old] = await insertDonations(app, [
      { amountCents: 50000, createdAt: new Date('2024-06-01T12:00:00Z') },
    ]);
    const added = await stats();
    expect(added.totalAmount).toBe(before.totalAmount + 50000);
    expect(added.verifiedPayments).toBe(before.verifiedPayments + 1);

    await app.database.db
      .update(donations)
      .set({ refundedCents: 20000, updatedAt: NOW })
      .where(eq(donations.id, old!.id));
    expect((await stats()).totalAmount).toBe(before.totalAmount + 30000);

    await app.database.db
      .update(donations)
      .set({
        paymentStatus: 'refunded',
        refundedCents: 50000,
        updatedAt: new Date(NOW.getTime() + 1),
      })
      .where(eq(donations.id, old!.id));
    const refunded = await stats();
    expect(refunded.totalAmount).toBe(before.totalAmount);
    expect(refunded.refundedPayments).toBe(before.refundedPayments + 1);
  });

  it('catches up within minutes even with a change that did not touch updated_at', async () => {
    const before = await stats();
    await app.database.db.execute(
      sql`update donations set refunded_cents = 1000 where amount_cents = 30000`,
    );
    // A writer that forgot updated_at: the kept history does not see it at once…
    expect((await stats()).totalAmount).toBe(before.totalAmount);
    // …but history is summed again at least every five minutes.
    app.advanceClock(5 * 60 * 1000);
    expect((await stats()).totalAmount).toBe(before.totalAmount - 1000);
    app.advanceClock(-5 * 60 * 1000);
  });
});

describe('zonedMonthStart', () => {
  it('finds local midnight on the 1st, in winter and in summer time', () => {
    expect(zonedMonthStart('2025-03', 'America/New_York').toISOString()).toBe(
      '2025-03-01T05:00:00.000Z',
    );
    expect(zonedMonthStart('2025-04', 'America/New_York').toISOString()).toBe(
      '2025-04-01T04:00:00.000Z',
    );
    expect(zonedMonthStart('2025-11', 'America/New_York').toISOString()).toBe(
      '2025-11-01T04:00:00.000Z',
    );
    expect(zonedMonthStart('2025-01', 'UTC').toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(zonedMonthStart('2025-01', 'Asia/Jerusalem').toISOString()).toBe(
      '2024-12-31T22:00:00.000Z',
    );
  });
});

describe('lastTwelveMonths', () => {
  it('names the months in the site’s time zone, across a year', () => {
    // 1 January 2025 03:00 UTC is still 31 December in New York.
    const months = lastTwelveMonths(new Date('2025-01-01T03:00:00Z'), 'America/New_York');
    expect(months[0]).toBe('2024-01');
    expect(months[11]).toBe('2024-12');
    expect(lastTwelveMonths(new Date('2025-01-01T03:00:00Z'), 'UTC')[11]).toBe('2025-01');
  });
});
