import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, pledges } from '~/db/schema';
import { isoDateIn } from '~/shared/schedule';
import type { TestApp } from '~tests/helpers/app';
import { auditEntries, appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { givingSession, requestGivingLinks } from '~tests/helpers/my-giving';

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'pledge-keeper' }));
});
afterAll(() => app.close());

const DAY = 24 * 60 * 60 * 1000;
const dayFromToday = (days: number) =>
  isoDateIn(new Date(Date.now() + days * DAY), app.siteConfig.timeZone);

const promise = {
  name: 'Miriam Adler',
  email: 'miriam@example.org',
  address: '4 Elm St, Monsey, NY 10952',
  amount: 1800,
  expectedOn: '2026-12-20',
  campaign: 'The new roof over the tziyun',
  note: 'Promised at the dinner',
};

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/admin${url}`,
    headers: admin.headers,
    ...(payload ? { payload } : {}),
  });
const create = async (change: object = {}) => {
  const res = await call('POST', '/pledges', { ...promise, ...change });
  expect(res.statusCode).toBe(201);
  return res.json().pledge as { id: string; [key: string]: unknown };
};
const pledgeCount = async () =>
  (await app.database.db.select({ n: sql<number>`count(*)::int` }).from(pledges))[0]!.n;

async function drainOutbox() {
  while ((await app.jobWorker.runOnce()) > 0) {
    // until the outbox is empty
  }
}

describe('recording a pledge', () => {
  it('keeps it apart from the gifts, in cents, audited', async () => {
    const gifts = (
      await app.database.db.select({ n: sql<number>`count(*)::int` }).from(donations)
    )[0]!.n;
    const pledge = await create({ email: 'Record@Example.org', amount: '$1,800.50' });
    expect(pledge).toMatchObject({
      name: 'Miriam Adler',
      email: 'record@example.org',
      amount: 1800.5,
      expectedOn: '2026-12-20',
      campaign: 'The new roof over the tziyun',
      status: 'open',
      paidGift: null,
      remindersSent: 0,
    });
    const [row] = await app.database.db.select().from(pledges).where(eq(pledges.id, pledge.id));
    expect(row!.amountCents).toBe(180_050);
    const audit = await auditEntries(app, 'pledge-recorded', 'pledge of record@example.org');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUsername).toBe('pledge-keeper');
    const after = (
      await app.database.db.select({ n: sql<number>`count(*)::int` }).from(donations)
    )[0]!.n;
    expect(after).toBe(gifts);
  });

  it.each([
    [{ amount: 0 }, 'amount', 'The amount must be more than $0'],
    [{ amount: 'lots' }, 'amount', 'Please enter the amount in dollars'],
    [{ amount: 1.005 }, 'amount', 'The amount can have at most two digits of cents'],
    [{ expectedOn: '2026-02-30' }, 'expectedOn', 'Please enter the expected date (YYYY-MM-DD)'],
    [{ email: 'nope' }, 'email', 'Please enter a valid email address'],
    [{ name: ' ' }, 'name', "Please enter the donor's name"],
    [
      { email: '', address: '' },
      'address',
      'Please enter a postal address or an email, so the receipt can reach the donor',
    ],
  ])('refuses %j with a message on %s, storing nothing', async (change, field, message) => {
    const before = await pledgeCount();
    const res = await call('POST', '/pledges', { ...promise, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await pledgeCount()).toBe(before);
  });

  it('is for the office only', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/pledges',
      headers: { origin: 'https://tziyun.test' },
      payload: promise,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the list', () => {
  it('shows open pledges first, soonest expected first, the overdue marked, then the closed', async () => {
    const later = await create({ name: 'List Later', expectedOn: dayFromToday(30) });
    const overdue = await create({ name: 'List Overdue', expectedOn: dayFromToday(-3) });
    const today = await create({ name: 'List Today', expectedOn: dayFromToday(0) });
    const gone = await create({ name: 'List Cancelled', expectedOn: dayFromToday(-40) });
    expect(
      (await call('POST', `/pledges/${gone.id}/cancel`, { reason: 'Moved away' })).statusCode,
    ).toBe(200);

    const res = await call('GET', '/pledges');
    expect(res.statusCode).toBe(200);
    const listing = res.json();
    const names = listing.pledges.map((p: { name: string }) => p.name);
    const ours = names.filter((n: string) => n.startsWith('List '));
    expect(ours).toEqual(['List Overdue', 'List Today', 'List Later', 'List Cancelled']);
    const firstClosed = listing.pledges.findIndex((p: { status: string }) => p.status !== 'open');
    expect(
      listing.pledges.slice(firstClosed).every((p: { status: string }) => p.status !== 'open'),
    ).toBe(true);
    const byId = (id: string) => listing.pledges.find((p: { id: string }) => p.id === id);
    expect(byId(overdue.id).overdue).toBe(true);
    expect(byId(today.id).overdue).toBe(false);
    expect(byId(later.id).overdue).toBe(false);
    expect(byId(gone.id)).toMatchObject({
      status: 'cancelled',
      overdue: false,
      cancelReason: 'Moved away',
    });
    const openCents = listing.pledges
      .filter((p: { status: string }) => p.status === 'open')
      .reduce((s: number, p: { amount: number }) => s + Math.round(p.amount * 100), 0);
    expect(Math.round(listing.openAmount * 100)).toBe(openCents);
  });
});

describe('editing and cancelling', () => {
  it('edits an open pledge, audited with the amount it had', async () => {
    const pledge = await create({ email: 'edit@example.org' });
    const res = await call('PUT', `/pledges/${pledge.id}`, {
      ...promise,
      email: 'edit@example.org',
      amount: 900,
      campaign: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().pledge).toMatchObject({ amount: 900, campaign: null });
    const [audit] = await auditEntries(app, 'pledge-updated', 'pledge of edit@example.org');
    expect(audit!.details).toMatchObject({ amountCents: 90_000, previousAmountCents: 180_000 });
  });

  it('refuses a bad edit with field messages, changing nothing', async () => {
    const pledge = await create({ email: 'bad-edit@example.org' });
    const res = await call('PUT', `/pledges/${pledge.id}`, {
      ...promise,
      amount: -5,
      expectedOn: 'soon',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      amount: 'The amount must be more than $0',
      expectedOn: 'Please enter the expected date (YYYY-MM-DD)',
    });
    const [row] = await app.database.db.select().from(pledges).where(eq(pledges.id, pledge.id));
    expect(row!.amountCents).toBe(180_000);
    expect((await call('PUT', '/pledges/not-a-uuid', promise)).statusCode).toBe(400);
    expect(
      (await call('PUT', '/pledges/00000000-0000-4000-8000-000000000000', promise)).json().error
        .message,
    ).toBe('This pledge is no longer on file.');
  });

  it('cancels with a reason, audited; a cancelled pledge cannot be edited, reminded or paid', async () => {
    const pledge = await create({ email: 'cancel@example.org' });
    const noReason = await call('POST', `/pledges/${pledge.id}/cancel`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe('Please say why the pledge is cancelled');

    const res = await call('POST', `/pledges/${pledge.id}/cancel`, { reason: 'The donor asked' });
    expect(res.statusCode).toBe(200);
    expect(res.json().pledge).toMatchObject({
      status: 'cancelled',
      cancelReason: 'The donor asked',
    });
    const [audit] = await auditEntries(app, 'pledge-cancelled', 'pledge of cancel@example.org');
    expect(audit!.details).toMatchObject({ reason: 'The donor asked' });

    for (const [method, url, body] of [
      ['PUT', `/pledges/${pledge.id}`, promise],
      ['POST', `/pledges/${pledge.id}/cancel`, { reason: 'again' }],
      ['POST', `/pledges/${pledge.id}/remind`, undefined],
      [
        'POST',
        `/pledges/${pledge.id}/pay`,
        { amount: 10, method: 'cash', receivedOn: dayFromToday(0) },
      ],
    ] as const) {
      const refused = await call(method, url, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toContain('This pledge was cancelled');
    }
  });
});

describe('reminding', () => {
  it('mails a kind reminder with the amount, what it was for and how to give, once a week at most', async () => {
    const pledge = await create({ email: 'remind@example.org' });
    const res = await call('POST', `/pledges/${pledge.id}/remind`);
    expect(res.statusCode).toBe(200);
    expect(res.json().pledge).toMatchObject({
      remindersSent: 1,
      lastRemindedAt: expect.any(String),
    });
    await drainOutbox();
    const mails = app.sentMail.filter((m) => m.to === 'remind@example.org');
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(mails[0]!.subject).toBe('Your pledge to Tziyun');
    expect(text).toContain('Dear Miriam Adler,');
    expect(text).toContain('$1,800.00 for The new roof over the tziyun');
    expect(text).toContain('https://tziyun.test/donate');
    expect(text).toContain(`cheque payable to ${app.siteConfig.legalName}`);
    expect(text).toContain(app.siteConfig.receipts.legalAddress[0]!);
    expect(text).toContain('If you have already sent it, thank you, and please ignore this email.');

    const again = await call('POST', `/pledges/${pledge.id}/remind`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(
      /^A reminder was already sent on .+ the next one can be sent from /,
    );
    await drainOutbox();
    expect(app.sentMail.filter((m) => m.to === 'remind@example.org')).toHaveLength(1);

    // A week later it may go again.
    await app.database.db
      .update(pledges)
      .set({ lastRemindedAt: new Date(Date.now() - 7 * DAY - 60_000) })
      .where(eq(pledges.id, pledge.id));
    const weekLater = await call('POST', `/pledges/${pledge.id}/remind`);
    expect(weekLater.statusCode).toBe(200);
    expect(weekLater.json().pledge.remindersSent).toBe(2);
    await drainOutbox();
    expect(app.sentMail.filter((m) => m.to === 'remind@example.org')).toHaveLength(2);
    expect(await auditEntries(app, 'pledge-reminded', 'pledge of remind@example.org')).toHaveLength(
      2,
    );
  });

  it('refuses plainly a pledge without email, sending nothing', async () => {
    const pledge = await create({ name: 'No Email Donor', email: '' });
    const before = app.sentMail.length;
    const res = await call('POST', `/pledges/${pledge.id}/remind`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      'This pledge has no email, so no reminder can be sent. Call or write to the donor instead, or add their email to the pledge.',
    );
    await drainOutbox();
    expect(app.sentMail.length).toBe(before);
  });
});

describe('paying', () => {
  const payment = { amount: 1800, method: 'check', receivedOn: '2026-11-20', reference: '7001' };

  it('records the whole payment as a gift with a receipt number, counted in the totals, and closes the pledge', async () => {
    const stats = async () => (await call('GET', '/payment-stats')).json().totalAmount as number;
    const totalBefore = await stats();
    const pledge = await create({ email: 'payer@example.org' });
    expect(await stats()).toBe(totalBefore);

    const res = await call('POST', `/pledges/${pledge.id}/pay`, payment);
    expect(res.statusCode).toBe(201);
    const { pledge: paid, gift, rest } = res.json();
    expect(gift).toMatchObject({
      receiptNumber: expect.stringMatching(/^2026-\d{6}$/),
      name: 'Miriam Adler',
      email: 'payer@example.org',
      amount: 1800,
      method: 'check',
      reference: '7001',
      receivedOn: '2026-11-20',
    });
    expect(paid).toMatchObject({
      id: pledge.id,
      status: 'paid',
      paidGift: { id: gift.id, receiptNumber: gift.receiptNumber },
    });
    expect(rest).toBeNull();
    expect(await stats()).toBe(totalBefore + 180_000);
    const [audit] = await auditEntries(app, 'pledge-paid', 'pledge of payer@example.org');
    expect(audit!.details).toMatchObject({
      amountCents: 180_000,
      receiptNumber: gift.receiptNumber,
    });
    expect(
      (await call('POST', `/pledges/${pledge.id}/pay`, { ...payment, reference: '7002' }))
        .statusCode,
    ).toBe(409);

    await drainOutbox();
    const receipt = app.sentMail.find((m) => m.to === 'payer@example.org');
    expect(receipt?.text).toContain(`Receipt number: ${gift.receiptNumber}`);
  });

  it('records one gift when Mark paid is sent twice at once', async () => {
    const pledge = await create({ email: 'twice@example.org' });
    const results = await Promise.all(
      ['7401', '7402'].map((reference) =>
        call('POST', `/pledges/${pledge.id}/pay`, { ...payment, reference }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const gifts = await app.database.db
      .select()
      .from(donations)
      .where(eq(donations.email, 'twice@example.org'));
    expect(gifts).toHaveLength(1);
  });

  it('records a part payment as a paid part, and leaves the rest open as a smaller pledge', async () => {
    const pledge = await create({ email: 'part@example.org', amount: 1000 });
    const res = await call('POST', `/pledges/${pledge.id}/pay`, {
      ...payment,
      amount: '400',
      reference: '7101',
    });
    expect(res.statusCode).toBe(201);
    const { pledge: part, gift, rest } = res.json();
    expect(gift.amount).toBe(400);
    expect(part).toMatchObject({
      status: 'paid',
      amount: 400,
      partOf: pledge.id,
      paidGift: { id: gift.id },
    });
    expect(part.id).not.toBe(pledge.id);
    expect(rest).toMatchObject({ id: pledge.id, status: 'open', amount: 600 });

    const over = await call('POST', `/pledges/${pledge.id}/pay`, {
      ...payment,
      amount: 600.01,
      reference: '7102',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields.amount).toBe(
      'This is more than the $600.00 pledged. Record $600.00 here and the rest as a gift in Gifts Received.',
    );
    const final = await call('POST', `/pledges/${pledge.id}/pay`, {
      ...payment,
      amount: 600,
      reference: '7103',
    });
    expect(final.statusCode).toBe(201);
    expect(final.json()).toMatchObject({
      pledge: { id: pledge.id, status: 'paid', amount: 600 },
      rest: null,
    });
  });

  it('puts every part paid of a pledge without email on one donor record', async () => {
    const pledge = await create({ name: 'Gitty Roth', email: '', amount: 500 });
    const pay = (amount: number, reference: string) =>
      call('POST', `/pledges/${pledge.id}/pay`, { ...payment, amount, reference });
    const first = await pay(200, '7201');
    const second = await pay(300, '7202');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const gifts = await app.database.db
      .select({ donorId: donations.donorId })
      .from(donations)
      .where(sql`${donations.id} in (${first.json().gift.id}, ${second.json().gift.id})`);
    expect(gifts).toHaveLength(2);
    expect(gifts[0]!.donorId).not.toBeNull();
    expect(gifts[1]!.donorId).toBe(gifts[0]!.donorId);
  });

  it.each([
    [{ amount: 0 }, 'amount', 'The amount must be more than $0'],
    [{ method: 'iou' }, 'method', 'Please choose how the gift was given'],
    [{ reference: '' }, 'reference', 'Please enter the cheque number'],
    [{ receivedOn: 'yesterday' }, 'receivedOn', 'Please enter the date received (YYYY-MM-DD)'],
    [{ receivedOn: '2999-01-01' }, 'receivedOn', 'The date received cannot be in the future'],
  ])(
    'refuses %j with a message on %s, recording no gift and leaving the pledge open',
    async (change, field, message) => {
      const pledge = await create({ email: 'bad-pay@example.org' });
      const gifts = async () =>
        (await app.database.db.select({ n: sql<number>`count(*)::int` }).from(donations))[0]!.n;
      const before = await gifts();
      const res = await call('POST', `/pledges/${pledge.id}/pay`, {
        ...payment,
        reference: '7201',
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
      expect(await gifts()).toBe(before);
      const [row] = await app.database.db.select().from(pledges).where(eq(pledges.id, pledge.id));
      expect(row).toMatchObject({ status: 'open', paidDonationId: null });
    },
  );

  it('warns of the same cheque recorded already, and leaves the pledge open until confirmed', async () => {
    const pledge = await create({ email: 'dup@example.org' });
    const first = await call('POST', '/offline-gifts', {
      name: 'Miriam Adler',
      email: 'dup@example.org',
      amount: 50,
      method: 'check',
      receivedOn: '2026-11-01',
      reference: '7301',
    });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', `/pledges/${pledge.id}/pay`, {
      ...payment,
      reference: '7301',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields.reference).toContain(
      'Cheque 7301 from this donor is already recorded',
    );
    const [row] = await app.database.db.select().from(pledges).where(eq(pledges.id, pledge.id));
    expect(row!.status).toBe('open');
    const confirmed = await call('POST', `/pledges/${pledge.id}/pay`, {
      ...payment,
      reference: '7301',
      confirmDuplicate: true,
    });
    expect(confirmed.statusCode).toBe(201);
  });
});

describe('a pledge is not money', () => {
  it('is in no statement and no My giving until paid, and then is there as a gift', async () => {
    const email = 'promise-only@example.org';
    const pledge = await create({ email, expectedOn: '2026-01-15' });
    const statements = async () =>
      (await call('GET', '/statements?year=2026'))
        .json()
        .donors.map((d: { email: string }) => d.email);
    expect(await statements()).not.toContain(email);
    // No gift to this address: no My giving link is sent at all.
    expect(await requestGivingLinks(app, email)).toHaveLength(0);
    const donorTable = async () =>
      (await call('GET', `/donors?search=${email}`)).json().donors as unknown[];
    expect(await donorTable()).toHaveLength(0);

    const paid = await call('POST', `/pledges/${pledge.id}/pay`, {
      amount: 1800,
      method: 'zelle',
      receivedOn: '2026-11-02',
    });
    expect(paid.statusCode).toBe(201);
    const gift = paid.json().gift;
    expect(gift.receiptNumber).toMatch(/^2026-\d{6}$/);
    expect(await statements()).toContain(email);
    expect(await donorTable()).toHaveLength(1);
    const cookie = await givingSession(app, email);
    const giving = await app.inject({ method: 'GET', url: '/api/my-giving', headers: { cookie } });
    expect(giving.json().gifts).toEqual([
      expect.objectContaining({ id: gift.id, amountCents: 180_000, method: 'offline' }),
    ]);
    const [row] = await app.database.db
      .select()
      .from(donations)
      .where(and(eq(donations.email, email), eq(donations.paymentMethod, 'offline')));
    expect(row).toMatchObject({ amountCents: 180_000, paymentStatus: 'succeeded' });
  });
});
