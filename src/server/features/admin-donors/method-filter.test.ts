import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '~tests/helpers/app';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { insertDonations } from '~tests/helpers/donations';

/**
 * The dashboard's method filter: the card, OJC, every gift the office received, or one way it
 * received them; the same on the stats, the table and the CSV.
 */

let app: TestApp;
let admin: AdminSession;
const recent = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
const old = new Date(Date.now() - 90 * 24 * 60 * 60 * 1000);
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin());
  await insertDonations(app, [
    { donorName: 'Card Recent', amountCents: 1_000, createdAt: recent },
    { donorName: 'Card Old', amountCents: 2_000, createdAt: old },
    { donorName: 'Ojc Giver', amountCents: 4_000, paymentMethod: 'ojc', createdAt: recent },
    {
      donorName: 'Cheque Giver',
      email: null,
      amountCents: 8_000,
      paymentMethod: 'offline',
      offlineMethod: 'check',
      offlineReference: '77',
      createdAt: old,
    },
    {
      donorName: 'Cash Giver',
      email: null,
      amountCents: 16_000,
      paymentMethod: 'offline',
      offlineMethod: 'cash',
      createdAt: recent,
    },
  ]);
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ url, headers: { cookie: admin.cookie } });
const stats = async (method?: string) => {
  const res = await get(`/api/admin/payment-stats${method ? `?method=${method}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = async (method: string) => {
  const res = await get(`/api/admin/donors?method=${method}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().donors as { name: string }[]).map((d) => d.name).sort();
};

describe('the method filter', () => {
  it('narrows the totals, the windows and the chart', async () => {
    expect((await stats()).totalAmount).toBe(31_000);
    const card = await stats('stripe');
    expect(card).toMatchObject({
      totalAmount: 3_000,
      verifiedPayments: 2,
      last30Days: { amount: 1_000, count: 1 },
    });
    const byMonth = (card.monthly as { amount: number }[]).reduce((sum, m) => sum + m.amount, 0);
    expect(byMonth).toBe(3_000);
    expect((await stats('ojc')).totalAmount).toBe(4_000);
    expect(await stats('offline')).toMatchObject({
      totalAmount: 24_000,
      last7Days: { amount: 16_000, count: 1 },
    });
    expect((await stats('offline:check')).totalAmount).toBe(8_000);
    expect((await stats('offline:zelle')).totalAmount).toBe(0);
    // Asked again, each from its own kept history.
    expect((await stats('stripe')).totalAmount).toBe(3_000);
    expect((await stats()).totalAmount).toBe(31_000);
  });

  it('narrows the table and the CSV', async () => {
    expect(await names('stripe')).toEqual(['Card Old', 'Card Recent']);
    expect(await names('offline')).toEqual(['Cash Giver', 'Cheque Giver']);
    expect(await names('offline:cash')).toEqual(['Cash Giver']);
    const csv = await get('/api/admin/donors.csv?method=offline:check');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^Cheque Giver,/);
  });

  it('refuses a method it does not know, in words', async () => {
    for (const url of [
      '/api/admin/payment-stats?method=paypal',
      '/api/admin/donors?method=offline:paypal',
      '/api/admin/donors.csv?method=card',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.fields.method).toMatch(/stripe, ojc or offline/);
    }
  });
});
