import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations } from '~/db/schema';
import { buildTestApp, type TestApp } from '~tests/helpers/app';
import { auditEntries, appWithAdmin, signIn, type AdminSession } from '~tests/helpers/admin';
import { secondConnection } from '~tests/helpers/database';

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'ledger-keeper' }));
});
afterAll(() => app.close());

const cheque = {
  name: 'Reuven Katz',
  email: 'reuven@example.org',
  address: '12 Maple Ave, Monsey, NY 10952',
  amount: 180.5,
  method: 'check',
  receivedOn: '2026-11-02',
  reference: '1042',
  dedication: { kind: 'memory', name: 'Yaakov ben Avraham' },
  note: 'Handed over at the tziyun',
};

const record = (payload: object, on = app, session = admin) =>
  on.inject({
    method: 'POST',
    url: '/api/admin/offline-gifts',
    headers: session.headers,
    payload,
  });

const giftCount = async () =>
  (await app.database.db.select({ n: sql<number>`count(*)::int` }).from(donations))[0]!.n;

async function drainOutbox() {
  while ((await app.jobWorker.runOnce()) > 0) {
    // until the outbox is empty
  }
}

describe('POST /api/admin/offline-gifts', () => {
  it('records a cheque as a received gift with its receipt number, audited, and mails the receipt', async () => {
    const res = await record(cheque);
    expect(res.statusCode).toBe(201);
    const { gift } = res.json();
    expect(gift).toMatchObject({
      receiptNumber: expect.stringMatching(/^2026-\d{6}$/),
      name: 'Reuven Katz',
      amount: 180.5,
      method: 'check',
      receivedOn: '2026-11-02',
      reference: '1042',
      voided: false,
    });
    const [row] = await app.database.db.select().from(donations).where(eq(donations.id, gift.id));
    expect(row).toMatchObject({
      amountCents: 18_050,
      paymentMethod: 'offline',
      paymentStatus: 'succeeded',
      offlineMethod: 'check',
      postalAddress: cheque.address,
      dedicationKind: 'memory',
    });
    const audit = await auditEntries(app, 'offline-gift-recorded', gift.receiptNumber);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUsername).toBe('ledger-keeper');

    await drainOutbox();
    const mail = app.sentMail.find((m) => m.to === 'reuven@example.org');
    expect(mail?.text).toContain('Cheque 1042');
    expect(mail?.text).toContain(`Receipt number: ${gift.receiptNumber}`);
    expect(mail?.text).toContain('$180.50');
  });

  it.each([
    ['check', '2201', 'Cheque 2201'],
    ['cash', null, 'Cash'],
    ['bank-transfer', 'TRF-88', 'Bank transfer TRF-88'],
    ['zelle', null, 'Zelle'],
    ['daf', 'G-2026-14', 'Donor-advised fund grant G-2026-14'],
    ['ojc', '55-1234', 'OJC voucher 55-1234'],
    ['donors-fund', 'DF-301', "The Donors' Fund DF-301"],
    ['matbia', 'MB-77', 'Matbia MB-77'],
    ['other', null, 'Other'],
  ])(
    'records a gift by %s, numbered, with its method on the mailed receipt',
    async (method, reference, line) => {
      const email = `by-${method}@example.org`;
      const res = await record({ ...cheque, email, method, reference, dedication: null });
      expect(res.statusCode).toBe(201);
      const { gift } = res.json();
      expect(gift).toMatchObject({
        method,
        reference,
        receiptNumber: expect.stringMatching(/^2026-\d{6}$/),
      });
      const [row] = await app.database.db.select().from(donations).where(eq(donations.id, gift.id));
      expect(row).toMatchObject({
        paymentMethod: 'offline',
        paymentStatus: 'succeeded',
        offlineMethod: method,
      });
      await drainOutbox();
      const text = app.sentMail.find((m) => m.to === email)!.text!.replace(/\s+/g, ' ');
      expect(text).toContain(`Payment method: ${line}`);
      expect(text).toContain(`Receipt number: ${gift.receiptNumber}`);
      expect(text.includes('the fund, not you, may claim this')).toBe(method === 'daf');
    },
  );

  it.each([
    [{ amount: 0 }, 'amount', 'The amount must be more than $0'],
    [{ amount: 10.005 }, 'amount', 'The amount can have at most two digits of cents'],
    [{ receivedOn: '2999-01-01' }, 'receivedOn', 'The date received cannot be in the future'],
    [{ receivedOn: '2026-02-30' }, 'receivedOn', 'Please enter the date received (YYYY-MM-DD)'],
    [{ reference: '' }, 'reference', 'Please enter the cheque number'],
    [{ method: 'bitcoin' }, 'method', 'Please choose how the gift was given'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ name: '  ' }, 'name', "Please enter the donor's name"],
    [
      { email: '', address: '' },
      'address',
      'Please enter a postal address or an email, so the receipt can reach the donor',
    ],
  ])('refuses %j with a message on %s, storing nothing', async (change, field, message) => {
    const before = await giftCount();
    const res = await record({ ...cheque, reference: 'bad-input', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await giftCount()).toBe(before);
  });

  it('reads an amount typed as the office writes it ("$1,234.50")', async () => {
    const res = await record({ ...cheque, reference: '1100', amount: '$1,234.50' });
    expect(res.statusCode).toBe(201);
    expect(res.json().gift.amount).toBe(1234.5);
    expect(
      (await record({ ...cheque, reference: '1101', amount: '12,34x' })).json().error.fields,
    ).toEqual({ amount: 'Please enter the amount in dollars' });
  });

  it('records a gift without email when it has an address, and sends no mail', async () => {
    await drainOutbox();
    const mailsBefore = app.sentMail.length;
    const res = await record({
      ...cheque,
      email: null,
      method: 'cash',
      reference: null,
      dedication: null,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().gift).toMatchObject({ email: null, method: 'cash', reference: null });
    await drainOutbox();
    expect(app.sentMail.length).toBe(mailsBefore);
  });

  it('tells the office when the same cheque of the same donor is recorded again, and records it once confirmed', async () => {
    const first = await record({ ...cheque, reference: '2001' });
    expect(first.statusCode).toBe(201);
    const before = await giftCount();

    const again = await record({ ...cheque, reference: '2001' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields.reference).toContain(
      `Cheque 2001 from this donor is already recorded (receipt ${first.json().gift.receiptNumber}`,
    );
    expect(await giftCount()).toBe(before);

    // Another donor's cheque 2001 is another cheque.
    const otherDonor = await record({ ...cheque, email: 'leah@example.org', reference: '2001' });
    expect(otherDonor.statusCode).toBe(201);

    const confirmed = await record({ ...cheque, reference: '2001', confirmDuplicate: true });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().gift.receiptNumber).not.toBe(first.json().gift.receiptNumber);
  });

  it('dates the gift the day it was received: the donor table and that year’s statement count it there', async () => {
    const res = await record({
      ...cheque,
      email: 'year.end@example.org',
      reference: '9001',
      receivedOn: '2025-12-30',
    });
    expect(res.statusCode).toBe(201);
    const listing = await app.inject({
      url: '/api/admin/donors?search=year.end@example.org',
      headers: { cookie: admin.cookie },
    });
    expect(listing.json().donors[0]).toMatchObject({
      paymentMethod: 'offline',
      methodDetail: 'Cheque 9001',
      receiptNumber: res.json().gift.receiptNumber,
      paymentId: null,
    });
    expect(listing.json().donors[0].createdAt.startsWith('2025-12-30')).toBe(true);
    const statements = await app.inject({
      url: '/api/admin/statements?year=2025',
      headers: { cookie: admin.cookie },
    });
    expect(statements.json().donors.map((d: { email: string }) => d.email)).toContain(
      'year.end@example.org',
    );
  });

  it('is for the office only', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/offline-gifts',
      headers: { origin: 'https://tziyun.test' },
      payload: cheque,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('receipt numbers', () => {
  const numberOf = (receipt: string) => Number(receipt.split('-')[1]);

  it('follow each other without a gap, and a refused recording takes none', async () => {
    const a = (await record({ ...cheque, reference: '3001' })).json().gift.receiptNumber;
    expect((await record({ ...cheque, amount: 0 })).statusCode).toBe(400);
    expect((await record({ ...cheque, reference: '3001' })).statusCode).toBe(400);
    const b = (await record({ ...cheque, reference: '3002' })).json().gift.receiptNumber;
    expect(numberOf(b)).toBe(numberOf(a) + 1);
  });

  it('are given back by a transaction that rolls back after taking one', async () => {
    const a = (await record({ ...cheque, reference: '3101' })).json().gift.receiptNumber;
    const taken: string[] = [];
    await expect(
      app.database.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(donations)
          .values({
            amountCents: 1_000,
            donationType: 'onetime',
            paymentMethod: 'stripe',
            paymentStatus: 'succeeded',
            donatedAt: new Date('2026-06-01T15:00:00Z'),
          })
          .returning();
        taken.push(row!.receiptNumber!);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(numberOf(taken[0]!)).toBe(numberOf(a) + 1);
    const b = (await record({ ...cheque, reference: '3102' })).json().gift.receiptNumber;
    expect(b).toBe(taken[0]);
  });

  it('start again each calendar year of the site, whose year a late New York evening still belongs to', async () => {
    const firstOf2024 = (
      await record({ ...cheque, reference: '4001', receivedOn: '2024-12-31' })
    ).json().gift.receiptNumber;
    expect(firstOf2024).toBe('2024-000001');
    // A card gift at 22:30 in New York on 31 December 2024 is 03:30 UTC on 1 January 2025.
    const [card] = await app.database.db
      .insert(donations)
      .values({
        amountCents: 5_000,
        donationType: 'onetime',
        paymentMethod: 'stripe',
        paymentStatus: 'succeeded',
        donatedAt: new Date('2025-01-01T03:30:00Z'),
      })
      .returning();
    expect(card!.receiptNumber).toBe('2024-000002');
  });

  it('are given to an online gift when it is received, never while pending, and never change', async () => {
    const [pending] = await app.database.db
      .insert(donations)
      .values({ amountCents: 3_600, donationType: 'onetime', paymentMethod: 'stripe' })
      .returning();
    expect(pending!.receiptNumber).toBeNull();
    const [received] = await app.database.db
      .update(donations)
      .set({ paymentStatus: 'succeeded', donatedAt: new Date('2026-06-01T15:00:00Z') })
      .where(eq(donations.id, pending!.id))
      .returning();
    expect(received!.receiptNumber).toMatch(/^2026-\d{6}$/);
    const [refunded] = await app.database.db
      .update(donations)
      .set({ paymentStatus: 'refunded', receiptNumber: null })
      .where(eq(donations.id, pending!.id))
      .returning();
    expect(refunded!.receiptNumber).toBe(received!.receiptNumber);
  });

  it('have no gap and no duplicate when two instances record twenty gifts at once', async () => {
    const database = await secondConnection(app.database);
    const other = await buildTestApp({}, undefined, { database });
    try {
      const otherAdmin = await signIn(other, { username: 'second-instance' });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? record({ ...cheque, reference: `5${i}`, receivedOn: '2023-05-01' })
            : record(
                { ...cheque, reference: `5${i}`, receivedOn: '2023-05-01' },
                other,
                otherAdmin,
              ),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      const numbers = results.map((r) => r.json().gift.receiptNumber as string).sort();
      expect(numbers).toEqual(
        Array.from({ length: 20 }, (_, i) => `2023-${String(i + 1).padStart(6, '0')}`),
      );
    } finally {
      await other.close();
      if (database !== app.database) await database.close();
    }
  });
});
