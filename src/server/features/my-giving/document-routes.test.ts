import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '~/db/schema';
import { buildTestApp } from '~tests/helpers/app';
import { insertDonations } from '~tests/helpers/donations';
import { givingSession } from '~tests/helpers/my-giving';
import { pdfText } from '~tests/helpers/pdf-text';
import { enqueueReceiptIfDue } from '~/server/services/receipts/send-receipt';
import { receiptPdfUrl } from '~/server/services/receipts/receipt-pdf-link';

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const HEBREW = 'מרים לוי';
const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('receipts and statements as PDF', () => {
  it('gives the donor their receipt and their year’s statement, in Hebrew too', async () => {
    const [mine] = await insertDonations(app, [
      {
        email: 'miriam@example.org',
        donorName: HEBREW,
        amountCents: 26_000,
        refundedCents: 1_000,
        createdAt: new Date('2025-02-10T15:00:00Z'),
      },
      {
        email: 'miriam@example.org',
        donorName: HEBREW,
        amountCents: 1_800,
        donationType: 'subscription',
        createdAt: new Date('2025-12-31T22:00:00Z'),
      },
      // 1 January 2026 in New York: the next year's.
      {
        email: 'miriam@example.org',
        amountCents: 5_000,
        createdAt: new Date('2026-01-01T06:00:00Z'),
      },
    ]);
    const cookie = await givingSession(app, 'miriam@example.org');
    const receipt = await get(`/api/my-giving/receipts/${mine!.id}/receipt.pdf`, cookie);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['content-disposition']).toBe(
      'attachment; filename="receipt-2025-02-10.pdf"',
    );
    const receiptText = pdfText(receipt.rawPayload);
    expect(receiptText).toContain(HEBREW);
    expect(receiptText).toContain('$250.00');

    const statement = await get('/api/my-giving/statements/2025/statement.pdf', cookie);
    expect(statement.statusCode).toBe(200);
    const text = pdfText(statement.rawPayload);
    expect(text).toContain('2025 year-end giving statement');
    expect(text).toContain(HEBREW);
    expect(text).toContain('EIN 12-3456789');
    // $250 kept of the first gift and the $18 of 31 December; not the $50 of 1 January 2026.
    expect(text).toContain('$268.00');
    expect(text).not.toContain('$50.00');
    expect(text.replace(/\s+/g, ' ')).toContain('No goods or services were provided');
  });

  it('never serves another donor’s receipt, nor a statement without a gift or a session', async () => {
    const [theirs] = await insertDonations(app, [{ email: 'other@example.org' }]);
    await insertDonations(app, [{ email: 'me@example.org' }]);
    const cookie = await givingSession(app, 'me@example.org');
    const res = await get(`/api/my-giving/receipts/${theirs!.id}/receipt.pdf`, cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/no such receipt/);
    const none = await get('/api/my-giving/statements/2019/statement.pdf', cookie);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toMatch(/no gift from you received in 2019/);
    expect((await get('/api/my-giving/statements/2025/statement.pdf')).statusCode).toBe(401);
  });

  it('refuses a malformed receipt id or year with a message on the field', async () => {
    const cookie = await givingSession(app, 'me@example.org');
    const bad = await get('/api/my-giving/receipts/not-a-uuid/receipt.pdf', cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.id).toBe('Unknown receipt');
    const year = await get('/api/my-giving/statements/1066/statement.pdf', cookie);
    expect(year.statusCode).toBe(400);
    expect(year.json().error.fields.year).toBe('The year is 2000 or later');
  });

  it('serves the receipt a mail links to by its signed link, for that gift only', async () => {
    const [gift, other] = await insertDonations(app, [
      { email: 'mailed@example.org', donorName: 'Chana Adler' },
      { email: 'mailed@example.org' },
    ]);
    const links = { linkSigner: app.linkSigner, publicUrl: 'https://tziyun.test' };
    const url = new URL(receiptPdfUrl(links, gift!.id, app.clock()));
    const res = await get(url.pathname + url.search);
    expect(res.statusCode).toBe(200);
    expect(pdfText(res.rawPayload)).toContain('Chana Adler');
    // The same token for another gift, or a forged one, opens nothing.
    const swapped = url.pathname.replace(gift!.id, other!.id) + url.search;
    expect((await get(swapped)).statusCode).toBe(404);
    expect((await get(`${url.pathname}?token=forged`)).statusCode).toBe(404);
  });

  it('puts the PDF link and My giving in every receipt mail', async () => {
    const [row] = await insertDonations(app, [{ email: 'receipt@example.org' }]);
    const { donations } = await import('~/db/schema');
    const { eq } = await import('drizzle-orm');
    const [gift] = await app.database.db.select().from(donations).where(eq(donations.id, row!.id));
    const links = { linkSigner: app.linkSigner, publicUrl: 'https://tziyun.test' };
    await app.database.db.transaction((tx) =>
      enqueueReceiptIfDue(tx, gift!, { links, now: app.clock() }),
    );
    const [job] = (await app.database.db.select().from(jobs).orderBy(asc(jobs.id))).filter(
      (j) => (j.payload as { to: string }).to === 'receipt@example.org',
    );
    await app.jobWorker.runOnce();
    const mail = app.sentMail.find((m) => m.to === 'receipt@example.org');
    expect(job).toBeDefined();
    expect(mail?.text).toContain(`/api/my-giving/receipts/${row!.id}/receipt.pdf?token=`);
    expect(mail?.text).toContain('https://tziyun.test/my-giving');
  });
});
