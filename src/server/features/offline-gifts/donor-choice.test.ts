import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '~tests/helpers/app';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { insertDonations } from '~tests/helpers/donations';
import { givingSession } from '~tests/helpers/my-giving';

/**
 * A gift without email (ADR 053): the office is shown the records of donors of that name, the
 * one at the same address first, and confirms one (the gift joins it) or makes a new record.
 */

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'ledger-keeper' }));
});
afterAll(() => app.close());

const cash = {
  name: 'Yossi Stern',
  address: '3 Cedar Lane, Monsey, NY',
  amount: 50,
  method: 'cash',
  receivedOn: '2026-11-02',
};

const record = (payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/offline-gifts',
    headers: admin.headers,
    payload,
  });
const suggestions = async (name: string, address = '') => {
  const res = await app.inject({
    url: `/api/admin/donor-records?${new URLSearchParams({ name, address })}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().donors as { id: string; postalAddress: string | null; gifts: number }[];
};

describe('a gift without email', () => {
  it('makes a new record unless the office chooses one, and joins the one it chooses', async () => {
    const first = await record(cash);
    expect(first.statusCode, first.body).toBe(201);
    const firstRecord = first.json().gift.donorId as string;
    expect(firstRecord).toEqual(expect.any(String));
    // Another Yossi Stern elsewhere: a new record, since the office chose none.
    const elsewhere = await record({ ...cash, address: '8 Birch Rd, Spring Valley, NY' });
    expect(elsewhere.json().gift.donorId).not.toBe(firstRecord);

    // The suggestions: both records of the name, the one at this address first.
    const found = await suggestions('yossi stern ', '3 Cedar Lane, Monsey, NY');
    expect(found.map((r) => r.id)).toHaveLength(2);
    expect(found[0]).toMatchObject({ id: firstRecord, postalAddress: cash.address, gifts: 1 });
    expect(await suggestions('Nobody Here')).toEqual([]);

    const joined = await record({ ...cash, amount: 36, donorId: firstRecord });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json().gift.donorId).toBe(firstRecord);
    expect((await suggestions('Yossi Stern', cash.address))[0]).toMatchObject({
      id: firstRecord,
      gifts: 2,
    });
  });

  it('refuses an unknown or malformed record, and a record together with an email', async () => {
    const unknown = await record({ ...cash, donorId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.donorId).toMatch(/no longer exists/);
    const malformed = await record({ ...cash, donorId: 'someone' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.donorId).toMatch(/choose the donor again/i);
    const both = await record({
      ...cash,
      email: 'yossi@example.org',
      donorId: '00000000-0000-4000-8000-000000000000',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields.donorId).toMatch(/belongs to that email/);
  });
});

describe('a gift with an email', () => {
  it('joins the card and OJC gifts of that email, in any case: one record in the donor table, My giving and one statement', async () => {
    await insertDonations(app, [
      {
        donorName: 'Rochel Blum',
        email: 'Rochel.Blum@example.org',
        amountCents: 5_000,
        createdAt: new Date('2026-03-01T15:00:00Z'),
      },
      {
        donorName: 'Rochel Blum',
        email: 'rochel.blum@example.org',
        amountCents: 2_600,
        paymentMethod: 'ojc',
        createdAt: new Date('2026-04-01T15:00:00Z'),
      },
    ]);
    const res = await record({
      ...cash,
      name: 'Rochel Blum',
      email: 'ROCHEL.BLUM@example.org',
      amount: 180,
      method: 'check',
      reference: '1203',
    });
    expect(res.statusCode, res.body).toBe(201);

    const found = await app.inject({
      url: '/api/admin/donor-records?search=rochel.blum@example.org',
      headers: { cookie: admin.cookie },
    });
    const records = found.json().donors as { id: string }[];
    expect(records).toHaveLength(1);
    const table = await app.inject({
      url: `/api/admin/donors?donor=${records[0]!.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(
      (table.json().donors as { paymentMethod: string }[]).map((d) => d.paymentMethod).sort(),
    ).toEqual(['offline', 'ojc', 'stripe']);

    const cookie = await givingSession(app, 'rochel.blum@example.org');
    const giving = (await app.inject({ url: '/api/my-giving', headers: { cookie } })).json();
    expect(giving.gifts.map((g: { methodDetail: string }) => g.methodDetail)).toEqual([
      'Cheque 1203',
      'OJC Fund charity card',
      'Credit card',
    ]);

    const statements = await app.inject({
      url: '/api/admin/statements?year=2026',
      headers: { cookie: admin.cookie },
    });
    const mine = (statements.json().donors as { email: string }[]).filter((d) =>
      d.email.startsWith('rochel.blum'),
    );
    expect(mine).toEqual([expect.objectContaining({ keptCents: 25_600, gifts: 3 })]);
  });
});
