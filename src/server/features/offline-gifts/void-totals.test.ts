import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDateIn } from '~/shared/schedule';
import type { TestApp } from '~tests/helpers/app';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { givingSession } from '~tests/helpers/my-giving';
import { recordOfflineGift } from '~tests/helpers/offline-gifts';
import { pdfText } from '~tests/helpers/pdf-text';

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'void-totals' }));
});
afterAll(() => app.close());

const email = 'bounced@example.org';
const get = (url: string) => app.inject({ url, headers: { cookie: admin.cookie } });

async function drainOutbox() {
  while ((await app.jobWorker.runOnce()) > 0) {
    // until the outbox is empty
  }
}

function record(reference: string, amount: number) {
  return recordOfflineGift(app, admin.headers, {
    name: 'Dovid Stern',
    email,
    amount,
    // Yesterday: its midday (the time a received gift gets) is inside every window.
    receivedOn: isoDateIn(new Date(app.clock().getTime() - 86_400_000), app.siteConfig.timeZone),
    reference,
  });
}

describe('a voided gift', () => {
  it('stops counting in the dashboard, its windows and chart, the CSV, the statements and My giving', async () => {
    const kept = await record('501', 100);
    const bounced = await record('502', 250);
    await drainOutbox();
    const year = Number(kept.receiptNumber.slice(0, 4));
    const statsBefore = (await get('/api/admin/payment-stats')).json();
    const statementBefore = (await get(`/api/admin/statements?year=${year}`)).json();

    const voided = await app.inject({
      method: 'POST',
      url: `/api/admin/offline-gifts/${bounced.id}/void`,
      headers: admin.headers,
      payload: { reason: 'Returned by the bank' },
    });
    expect(voided.statusCode).toBe(200);

    const stats = (await get('/api/admin/payment-stats')).json();
    expect(stats.totalAmount).toBe(statsBefore.totalAmount - 25_000);
    expect(stats.verifiedPayments).toBe(statsBefore.verifiedPayments - 1);
    expect(stats.totalDonors).toBe(statsBefore.totalDonors);
    expect(stats.last7Days.amount).toBe(statsBefore.last7Days.amount - 25_000);
    expect(stats.last30Days.count).toBe(statsBefore.last30Days.count - 1);
    const month = (s: { monthly: { amount: number }[] }) =>
      s.monthly.reduce((sum, m) => sum + m.amount, 0);
    expect(month(stats)).toBe(month(statsBefore) - 25_000);

    const listing = (await get(`/api/admin/donors?search=${email}`)).json();
    const row = listing.donors.find((d: { id: string }) => d.id === bounced.id);
    expect(row).toMatchObject({
      voided: true,
      voidReason: 'Returned by the bank',
      receiptNumber: bounced.receiptNumber,
    });

    const csv = (await get(`/api/admin/donors.csv?search=${email}`)).body;
    expect(csv).toMatch(/250\.00,.*,Void/);

    const statement = (await get(`/api/admin/statements?year=${year}`)).json();
    expect(statement.totalCents).toBe(statementBefore.totalCents - 25_000);
    const donor = statement.donors.find((d: { email: string }) => d.email === email);
    expect(donor).toMatchObject({ keptCents: 10_000, gifts: 1 });

    const cookie = await givingSession(app, email);
    const giving = (await app.inject({ url: '/api/my-giving', headers: { cookie } })).json();
    const shown = giving.gifts.find((g: { id: string }) => g.id === bounced.id);
    expect(shown).toMatchObject({
      voided: true,
      keptCents: 0,
      receiptUrl: null,
      receiptNumber: bounced.receiptNumber,
      methodDetail: 'Cheque 502',
    });
    expect(giving.years.find((y: { year: number }) => y.year === year)).toMatchObject({
      keptCents: 10_000,
      gifts: 1,
    });
    // The page itself, as the donor reads it (rendered on the server).
    const page = (await app.inject({ url: '/my-giving', headers: { cookie } })).body.replaceAll(
      '<!-- -->',
      '',
    );
    expect(page).toContain('Cheque 502 · Void: not received, not counted');
    expect(page).toContain('Cheque 501 · Received');
    expect(page).toContain(`Receipt number ${bounced.receiptNumber}`);
    const pdf = await app.inject({
      url: `/api/my-giving/statements/${year}/statement.pdf`,
      headers: { cookie },
    });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Cheque 501');
    expect(text).not.toContain('Cheque 502');
  });
});
