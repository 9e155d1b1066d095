import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '~tests/helpers/app';
import { auditEntries, appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { insertDonations } from '~tests/helpers/donations';
import { SEARCH_COUNT_AHEAD } from './list-donors';

let app: TestApp;
let admin: AdminSession;
let ids: Record<'sarah' | 'moshe' | 'evil' | 'rivka' | 'refunded' | 'anonymous', string>;

/** Site time is America/New_York: in February, midnight there is 05:00Z. */
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'donor-reader' }));
  const rows = await insertDonations(app, [
    {
      donorName: 'Sarah Cohen',
      email: 'sarah@example.org',
      createdAt: at('2025-02-10T15:00:00Z'),
      dedicationKind: 'refuah',
      dedicationName: 'Moshe Levy',
      dedicationHebrewName: 'משה',
      dedicationRelation: 'ben',
      dedicationMotherHebrewName: 'שרה',
    },
    {
      donorName: 'Moshe Levi',
      email: 'MOSHE.LEVI@Example.org',
      amountCents: 36000,
      donationType: 'subscription',
      createdAt: at('2025-02-10T04:59:59Z'), // 23:59:59 on 9 February in New York
    },
    {
      donorName: '=HYPERLINK("http://evil.example")',
      email: '+evil@example.org',
      amountCents: 1800,
      paymentStatus: 'pending',
      donatedAt: null,
      createdAt: at('2025-02-09T05:00:00Z'), // midnight starting 9 February in New York
    },
    {
      donorName: 'Rivka 100% Friedman',
      email: 'rivka@example.org',
      amountCents: 10000,
      paymentMethod: 'ojc',
      paymentStatus: 'failed',
      donatedAt: null,
      createdAt: at('2025-02-08T12:00:00Z'),
    },
    {
      donorName: 'Refunded Donor',
      email: 'refund@example.org',
      amountCents: 25000,
      refundedCents: 25000,
      paymentStatus: 'refunded',
      createdAt: at('2025-02-01T12:00:00Z'),
    },
    {
      donorName: null,
      email: null,
      amountCents: 5000,
      paymentStatus: 'pending',
      stripePaymentIntentId: null,
      donatedAt: null,
      createdAt: at('2025-01-15T12:00:00Z'),
    },
  ]);
  const [sarah, moshe, evil, rivka, refunded, anonymous] = rows.map((r) => r.id) as string[];
  ids = { sarah, moshe, evil, rivka, refunded, anonymous } as typeof ids;
});
afterAll(() => app.close());

const get = (url: string) => app.inject({ url, headers: { cookie: admin.cookie } });
const names = (body: { donors: { name: string | null }[] }) => body.donors.map((d) => d.name);

describe('GET /api/admin/donors and /api/donors', () => {
  it('lists donor records newest first with the total, and both paths answer alike', async () => {
    const res = await get('/api/admin/donors');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ total: 6, totalIsExact: true, offset: 0, limit: 25 });
    expect(body.donors.map((d: { id: string }) => d.id)).toEqual([
      ids.sarah,
      ids.moshe,
      ids.evil,
      ids.rivka,
      ids.refunded,
      ids.anonymous,
    ]);
    expect(body.donors[3]).toEqual({
      id: ids.rivka,
      name: 'Rivka 100% Friedman',
      email: 'rivka@example.org',
      amount: 10000,
      refundedAmount: 0,
      currency: 'usd',
      donationType: 'onetime',
      paymentMethod: 'ojc',
      paymentStatus: 'failed',
      // OJC's verify takes the donation's id.
      paymentId: ids.rivka,
      methodDetail: null,
      // Declined: never received, so no receipt number.
      receiptNumber: null,
      dedication: null,
      voided: false,
      voidReason: null,
      createdAt: '2025-02-08T12:00:00.000Z',
      donatedAt: null,
    });
    expect(body.donors[0].paymentId).toMatch(/^pi_test_/);
    expect(body.donors[0].dedication).toBe('Refuah shleimah Moshe Levy (משה בן שרה)');
    expect(body.donors[5].paymentId).toBeNull();

    const outside = await get('/api/donors');
    expect(outside.statusCode).toBe(200);
    expect(outside.headers['cache-control']).toBe('no-store');
    expect(outside.json()).toEqual(body);
  });

  it('pages with offset and limit', async () => {
    const page = await get('/api/admin/donors?limit=2&offset=2');
    expect(page.json()).toMatchObject({ total: 6, totalIsExact: true, offset: 2, limit: 2 });
    expect(page.json().donors.map((d: { id: string }) => d.id)).toEqual([ids.evil, ids.rivka]);
    const past = await get('/api/admin/donors?offset=10');
    expect(past.json()).toMatchObject({ total: 6, donors: [] });
  });

  it('searches name or email, any case, as a plain substring', async () => {
    expect(names((await get('/api/admin/donors?search=cohen')).json())).toEqual(['Sarah Cohen']);
    // The email is matched whatever its case.
    expect(names((await get('/api/admin/donors?search=moshe.levi@EXAMPLE')).json())).toEqual([
      'Moshe Levi',
    ]);
    // % and _ are literal characters, not wildcards.
    expect(names((await get('/api/admin/donors?search=100%25')).json())).toEqual([
      'Rivka 100% Friedman',
    ]);
    expect((await get('/api/admin/donors?search=_')).json().total).toBe(0);
    // Blank means no filter.
    expect((await get('/api/admin/donors?search=%20%20')).json().total).toBe(6);
    const none = await get('/api/admin/donors?search=nobody');
    expect(none.json()).toMatchObject({ total: 0, totalIsExact: true, donors: [] });
  });

  it('filters by whole days in the site’s time zone, both ends included', async () => {
    const day = await get('/api/admin/donors?from=2025-02-09&to=2025-02-09');
    expect(names(day.json())).toEqual(['Moshe Levi', '=HYPERLINK("http://evil.example")']);
    const from = await get('/api/admin/donors?from=2025-02-10');
    expect(names(from.json())).toEqual(['Sarah Cohen']);
    const to = await get('/api/admin/donors?to=2025-02-01');
    expect(names(to.json())).toEqual(['Refunded Donor', null]);
  });

  it('filters by type, status and method, and combines filters', async () => {
    expect(names((await get('/api/admin/donors?type=subscription')).json())).toEqual([
      'Moshe Levi',
    ]);
    expect((await get('/api/admin/donors?status=pending')).json().total).toBe(2);
    expect(names((await get('/api/admin/donors?method=ojc')).json())).toEqual([
      'Rivka 100% Friedman',
    ]);
    const both = await get('/api/admin/donors?status=pending&from=2025-02-01&search=evil');
    expect(both.json().total).toBe(1);
  });

  it('sorts by amount either way, ties broken the same way every time', async () => {
    const asc = await get('/api/admin/donors?sort=amount&order=asc');
    expect(asc.json().donors.map((d: { amount: number }) => d.amount)).toEqual([
      1800, 5000, 7200, 10000, 25000, 36000,
    ]);
    const desc = await get('/api/admin/donors?sort=amount');
    expect(desc.json().donors[0].amount).toBe(36000);
    const oldest = await get('/api/admin/donors?order=asc&limit=1');
    expect(oldest.json().donors[0].id).toBe(ids.anonymous);
  });

  it.each([
    ['limit=0', 'limit', 'Limit must be between 1 and 100'],
    ['limit=101', 'limit', 'Limit must be between 1 and 100'],
    ['limit=ten', 'limit', 'Limit must be a number'],
    ['offset=-1', 'offset', 'Offset must be 0 or more'],
    ['from=2025-02-30', 'from', 'From must be a real date'],
    ['to=yesterday', 'to', 'To must be a date (YYYY-MM-DD)'],
    ['from=2025-03-10&to=2025-03-09', 'to', 'To must be on or after From'],
    ['type=monthly', 'type', 'Type must be onetime or subscription'],
    [
      'status=completed',
      'status',
      'Status must be pending, succeeded, failed, refunded or disputed',
    ],
    ['method=cash', 'method', 'Method must be stripe, ojc or offline'],
    ['sort=name', 'sort', 'Sort must be date or amount'],
    ['order=up', 'order', 'Order must be asc or desc'],
    [`search=${'x'.repeat(101)}`, 'search', 'Search must be at most 100 characters'],
  ])('refuses ?%s with a message for %s', async (query, field, message) => {
    for (const path of ['/api/admin/donors', '/api/donors']) {
      const res = await get(`${path}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ [field]: message });
    }
  });

  it('refuses an anonymous request to every donor route', async () => {
    for (const url of [
      '/api/donors',
      '/api/admin/donors',
      '/api/admin/donors.csv',
      '/api/admin/payment-stats',
      '/api/donors?limit=0',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.body).not.toContain('example.org');
    }
  });
});

describe('GET /api/admin/donors.csv', () => {
  async function lastExport() {
    const entries = await auditEntries(app, 'export', 'donors');
    return entries.at(-1);
  }

  it('has the dashboard’s columns, named with the date, formulas neutralised, and is audited', async () => {
    const res = await get('/api/admin/donors.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="donors-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines).toEqual([
      '\uFEFFName,Email,Amount,Type,Date,Payment Method,Status',
      'Sarah Cohen,sarah@example.org,72.00,One-time,2025-02-10 10:00,Card,Verified',
      'Moshe Levi,MOSHE.LEVI@Example.org,360.00,Monthly,2025-02-09 23:59,Card,Verified',
      `"'=HYPERLINK(""http://evil.example"")",'+evil@example.org,18.00,One-time,2025-02-09 00:00,Card,Pending`,
      'Rivka 100% Friedman,rivka@example.org,100.00,One-time,2025-02-08 07:00,OJC,Failed',
      'Refunded Donor,refund@example.org,250.00,One-time,2025-02-01 07:00,Card,Refunded',
      ',,50.00,One-time,2025-01-15 07:00,Card,Pending',
      '',
    ]);
    expect(await lastExport()).toMatchObject({
      actorId: admin.user.id,
      details: { columns: 'dashboard' },
    });
  });

  it('has the donors page’s columns on request, and follows the filters', async () => {
    const res = await get('/api/admin/donors.csv?columns=donors&from=2025-02-09&status=succeeded');
    expect(res.body.split('\r\n')).toEqual([
      '\uFEFFName,Email,Amount,Type,Date',
      'Sarah Cohen,sarah@example.org,72.00,One-time,2025-02-10 10:00',
      'Moshe Levi,MOSHE.LEVI@Example.org,360.00,Monthly,2025-02-09 23:59',
      '',
    ]);
    expect(await lastExport()).toMatchObject({
      details: { columns: 'donors', from: '2025-02-09', status: 'succeeded' },
    });
  });

  it('streams past its batches without losing or repeating a row in the same millisecond', async () => {
    // 2,100 rows (over two batches of 1,000) on three instants a microsecond apart: a cursor
    // kept as a JavaScript Date would lose the microseconds and skip or repeat rows.
    await app.database.db.execute(sql`
      insert into donations (donor_name, email, amount_cents, donation_type, payment_method,
        payment_status, created_at, updated_at)
      select 'Batch Donor ' || i, 'batch' || i || '@example.org', 100 * i, 'onetime', 'ojc',
        'succeeded', t, t
      from generate_series(1, 2100) as i,
        lateral (select '2024-12-01T12:00:00Z'::timestamptz + (i % 3) * interval '1 microsecond' as t) as at`);
    const res = await get('/api/admin/donors.csv?search=batch%20donor&columns=donors');
    const rows = res.body.trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(2100);
    expect(new Set(rows.map((r) => r.split(',')[0])).size).toBe(2100);
    // The list counts a search's matches only so far past its page (ADR 030); the export has all.
    const list = await get('/api/admin/donors?search=batch%20donor&limit=1');
    expect(list.json()).toMatchObject({ total: SEARCH_COUNT_AHEAD, totalIsExact: false });
  });

  it('refuses bad filters before writing anything', async () => {
    const before = await lastExport();
    for (const query of ['columns=all', 'from=2025-13-01', 'limit=5&status=x']) {
      const res = await get(`/api/admin/donors.csv?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    expect(await lastExport()).toEqual(before);
  });
});
