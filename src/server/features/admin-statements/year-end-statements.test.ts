import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, statementSends } from '~/db/schema';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import type { TestApp } from '~tests/helpers/app';
import { insertDonations } from '~tests/helpers/donations';
import { pdfText } from '~tests/helpers/pdf-text';
import { scheduleYearEndStatements, yearEndStatementsJobHandler } from './year-end-statements';

let app: TestApp;
let admin: AdminSession;
const HEBREW = 'אסתר גולד';

/** Moves the app's clock (the outbox's too) to `iso`. */
const setClock = (iso: string) => app.advanceClock(Date.parse(iso) - app.clock().getTime());

async function drainJobs() {
  while ((await app.jobWorker.runOnce()) > 0) {
    /* until nothing is due */
  }
}

/**
 * Sends the queued mails: jobs are queued at the real time (enqueueJob's default), which is
 * after the fake January, so the clock comes back to now first.
 */
async function deliverMail() {
  app.advanceClock(Date.now() - app.clock().getTime());
  await drainJobs();
}

/** The office's 'send statements' action, signed in. */
const send = (payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/statements/send',
    payload,
    headers: admin.headers,
  });

const statementMails = () => app.sentMail.filter((m) => /giving statement/.test(m.subject));

beforeAll(async () => {
  ({ app, admin } = await appWithAdmin());
  await insertDonations(app, [
    {
      email: 'esther@example.org',
      donorName: HEBREW,
      amountCents: 36_000,
      createdAt: new Date('2025-04-01T15:00:00Z'),
    },
    {
      email: 'Esther@Example.org',
      donorName: HEBREW,
      amountCents: 1_800,
      createdAt: new Date('2025-09-01T15:00:00Z'),
    },
    {
      email: 'dan@example.org',
      donorName: 'Dan Roth',
      amountCents: 10_000,
      refundedCents: 4_000,
      createdAt: new Date('2025-06-01T15:00:00Z'),
    },
    // Refunded in full, or in another year: no statement for 2025.
    {
      email: 'gone@example.org',
      paymentStatus: 'refunded',
      amountCents: 5_000,
      refundedCents: 5_000,
      createdAt: new Date('2025-06-01T15:00:00Z'),
    },
    { email: 'later@example.org', amountCents: 5_000, createdAt: new Date('2026-01-02T15:00:00Z') },
  ]);
});
afterAll(() => app.close());

describe('the January statements', () => {
  it('go out once a year on the configured day, once per donor however often the run runs', async () => {
    setClock('2026-01-10T12:00:00Z');
    await scheduleYearEndStatements(app);
    await scheduleYearEndStatements(app);
    const [run] = await app.database.db
      .select()
      .from(jobs)
      .where(like(jobs.idempotencyKey, 'statements:%'));
    // 15 January (site.config.ts), 9 AM in New York.
    expect(run).toMatchObject({
      idempotencyKey: 'statements:2025',
      runAt: new Date('2026-01-15T14:00:00Z'),
    });
    await drainJobs();
    expect(statementMails()).toHaveLength(0);

    setClock('2026-01-15T14:30:00Z');
    await drainJobs();
    await deliverMail();
    expect(
      statementMails()
        .map((m) => m.to)
        .sort(),
    ).toEqual(['dan@example.org', 'esther@example.org']);
    const esther = statementMails().find((m) => m.to === 'esther@example.org')!;
    expect(esther.text).toContain('$378.00');
    expect(esther.text).toContain(`Dear ${HEBREW},`);
    // Next year's run is queued, once.
    const runs = await app.database.db
      .select()
      .from(jobs)
      .where(like(jobs.idempotencyKey, 'statements:%'))
      .orderBy(asc(jobs.id));
    expect(runs.map((r) => [r.idempotencyKey, r.status])).toEqual([
      ['statements:2025', 'succeeded'],
      ['statements:2026', 'pending'],
    ]);

    // The run again (a retry after a crash, a second worker): nothing more is sent.
    await yearEndStatementsJobHandler(app).run({ year: 2025 }, {} as never);
    await deliverMail();
    expect(statementMails()).toHaveLength(2);
    const sends = await app.database.db
      .select()
      .from(statementSends)
      .where(eq(statementSends.year, 2025));
    expect(sends.map((s) => [s.email, s.sends]).sort()).toEqual([
      ['dan@example.org', 1],
      ['esther@example.org', 1],
    ]);
  });

  it('link their PDF, which needs no session', async () => {
    const mail = statementMails().find((m) => m.to === 'dan@example.org')!;
    const url = new URL(
      /https:\/\/tziyun\.test\/api\/my-giving\/statements\/2025\/statement\.pdf\?token=\S+/.exec(
        mail.text!,
      )![0],
    );
    const res = await app.inject({ url: url.pathname + url.search });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Dan Roth');
    expect(text).toContain('$60.00');
    // The same token does not open another year.
    const other = await app.inject({ url: url.pathname.replace('2025', '2024') + url.search });
    expect(other.statusCode).toBe(404);
  });
});

describe('statements in admin', () => {
  it('lists the year’s donors and totals, previews one and exports the CSV', async () => {
    const res = await app.inject({
      url: '/api/admin/statements?year=2025',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const listing = res.json();
    expect(listing.totalCents).toBe(43_800);
    expect(listing.donors).toEqual([
      expect.objectContaining({ email: 'dan@example.org', keptCents: 6_000, gifts: 1, sends: 1 }),
      expect.objectContaining({
        email: 'esther@example.org',
        name: HEBREW,
        keptCents: 37_800,
        gifts: 2,
      }),
    ]);
    const preview = await app.inject({
      url: '/api/admin/statements/preview.pdf?year=2025&email=esther@example.org',
      headers: { cookie: admin.cookie },
    });
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(pdfText(preview.rawPayload)).toContain(HEBREW);
    const csv = await app.inject({
      url: '/api/admin/statements.csv?year=2025',
      headers: { cookie: admin.cookie },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The money and time formats of every CSV export: 378.00, and the site's clock to the minute.
    expect(csv.body).toMatch(
      /esther@example\.org,אסתר גולד,2,378\.00,1,\d{4}-\d{2}-\d{2} \d{2}:\d{2}\r\n/,
    );
    expect(csv.body).not.toContain('$');
  });

  it('sends again to one donor, or not at all what was already sent', async () => {
    const none = await send({ year: 2025 });
    expect(none.json()).toMatchObject({ queued: 0 });
    const again = await send({ year: 2025, email: 'dan@example.org', again: true });
    expect(again.json()).toEqual({
      queued: 1,
      message: '1 statement for 2025 queued to be mailed.',
    });
    await deliverMail();
    expect(statementMails().filter((m) => m.to === 'dan@example.org')).toHaveLength(2);
  });

  it('refuses bad input with messages on the fields, and anonymous requests', async () => {
    const bad = await send({ year: 'soon', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['email', 'year']);
    const nobody = await send({ year: 2025, email: 'stranger@example.org' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error.fields.email).toBe('No gift from this email was received in 2025');
    expect((await app.inject({ url: '/api/admin/statements?year=2025' })).statusCode).toBe(401);
  });
});

describe('the January run and the office’s gifts', () => {
  const office = (payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/offline-gifts',
      headers: admin.headers,
      payload: { name: 'Rachel Weiss', address: null, ...payload },
    });

  it('counts a cheque and an OJC voucher with the card gift of the same donor, not a voided one', async () => {
    const email = 'rachel@example.org';
    await insertDonations(app, [
      {
        email,
        donorName: 'Rachel Weiss',
        amountCents: 18_000,
        createdAt: new Date('2024-02-01T15:00:00Z'),
      },
    ]);
    const ok = (res: { statusCode: number }) => expect(res.statusCode).toBe(201);
    ok(
      await office({
        email,
        amount: 54,
        method: 'check',
        reference: '310',
        receivedOn: '2024-03-10',
      }),
    );
    ok(
      await office({
        email,
        amount: 26,
        method: 'ojc',
        reference: '55-1234',
        receivedOn: '2024-05-02',
      }),
    );
    const bounced = await office({
      email,
      amount: 100,
      method: 'check',
      reference: '311',
      receivedOn: '2024-06-01',
    });
    ok(bounced);
    const voided = await app.inject({
      method: 'POST',
      url: `/api/admin/offline-gifts/${bounced.json().gift.id}/void`,
      headers: admin.headers,
      payload: { reason: 'Returned by the bank' },
    });
    expect(voided.statusCode).toBe(200);
    // A donor without email is on the office's list, but the run has no address to mail.
    ok(
      await office({
        name: 'Noach Ber',
        address: '4 Elm St, Monsey, NY 10952',
        amount: 36,
        method: 'cash',
        receivedOn: '2024-07-01',
      }),
    );
    await deliverMail();
    const before = statementMails().length;

    await yearEndStatementsJobHandler(app).run({ year: 2024 }, {} as never);
    await deliverMail();
    const sent = statementMails().slice(before);
    expect(sent.map((m) => m.to)).toEqual([email]);
    expect(sent[0]!.text.replace(/\s+/g, ' ')).toContain('3 gifts, $260.00 in all');
    const url = new URL(/https:\/\/\S+statement\.pdf\?token=\S+/.exec(sent[0]!.text)![0]);
    const text = pdfText((await app.inject({ url: url.pathname + url.search })).rawPayload);
    expect(text).toContain('Cheque 310');
    expect(text).toContain('OJC voucher 55-1234');
    expect(text).not.toContain('Cheque 311');
  });
});
