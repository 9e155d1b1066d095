import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, jobs } from '~/db/schema';
import { isoDateIn } from '~/shared/schedule';
import type { TestApp } from '~tests/helpers/app';
import { pdfText } from '~tests/helpers/pdf-text';
import { auditEntries, appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { liveCampaign, matchesOf } from '~tests/helpers/campaigns';

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'campaign-ledger' }));
});
afterAll(() => app.close());

/** A campaign running now: $150 at 1:1, then $200 at 2:1. */
const campaign = (changes: Record<string, unknown> = {}) =>
  liveCampaign(app, admin, {
    title: 'Cheque day',
    offlineGiftsMatched: true,
    matchers: [
      { name: 'First matcher', ratio: 1, cap: 150 },
      { name: 'Second matcher', ratio: 2, cap: 200 },
    ],
    ...changes,
  });

let reference = 5000;
const cheque = (slug: string | null, extra: Record<string, unknown> = {}) => ({
  name: 'Chana Weiss',
  email: 'chana@example.org',
  amount: 100,
  method: 'check',
  receivedOn: isoDateIn(app.clock(), 'America/New_York'),
  reference: String(++reference),
  campaign: slug,
  wall: slug ? 'initials' : null,
  ...extra,
});

const post = (url: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: admin.headers, ...(payload ? { payload } : {}) });
const record = (payload: object) => post('/api/admin/offline-gifts', payload);
const clear = (id: string) => post(`/api/admin/offline-gifts/${id}/clear`);
const snapshot = async (slug: string) =>
  (await app.inject({ method: 'GET', url: `/api/campaigns/${slug}` })).json();

const receiptJobs = async (id: string) =>
  app.database.db
    .select()
    .from(jobs)
    .where(eq(jobs.idempotencyKey, `mail:donation:${id}:receipt`));

describe('a gift the office received for a campaign', () => {
  it('is pending until cleared, then numbered, matched and receipted; audited', async () => {
    const { slug } = await campaign();
    const res = await record(cheque(slug));
    expect(res.statusCode, res.body).toBe(201);
    const { gift } = res.json();
    expect(gift).toMatchObject({
      receiptNumber: '',
      cleared: false,
      wall: 'initials',
      campaign: { slug, title: 'Cheque day' },
    });
    expect(await snapshot(slug)).toMatchObject({ raised: 0, pending: 100, matched: 0, wall: [] });
    expect(await matchesOf(app, gift.id)).toEqual([]);
    expect(await receiptJobs(gift.id)).toEqual([]);

    const cleared = await clear(gift.id);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().gift).toMatchObject({
      cleared: true,
      receiptNumber: expect.stringMatching(/^\d{4}-\d{6}$/),
    });
    expect(await matchesOf(app, gift.id)).toEqual([
      { matcher: 'First matcher', giftCents: 10_000, cents: 10_000, releaseReason: null },
    ]);
    expect(await snapshot(slug)).toMatchObject({
      raised: 100,
      pending: 0,
      matched: 100,
      wall: [{ name: 'C. W.', amount: 100 }],
    });
    expect(await receiptJobs(gift.id)).toHaveLength(1);
    // The receipt names the campaign and its matcher, and shows only the donor's own $100.
    while ((await app.jobWorker.runOnce()) > 0) {
      // until the outbox is empty
    }
    const receipt = app.sentMail.find((m) => m.to === 'chana@example.org')!;
    expect(receipt.text).toContain('Campaign: Given in Cheque day, matched by First matcher');
    expect(receipt.text).toContain('Amount: $100.00');
    expect(receipt.text).not.toContain('$200');
    const [audit] = await auditEntries(app, 'offline-gift-cleared');
    expect(audit).toMatchObject({
      target: cleared.json().gift.receiptNumber,
      details: { campaign: slug, matchedCents: 10_000, amountCents: 10_000 },
    });

    // Cleared once: a second press changes nothing.
    const again = await clear(gift.id);
    expect(again.statusCode).toBe(409);
    expect(await matchesOf(app, gift.id)).toHaveLength(1);
  });

  it('is not matched when the campaign does not match offline gifts', async () => {
    const { slug } = await campaign({ offlineGiftsMatched: false });
    const { gift } = (await record(cheque(slug))).json();
    expect((await clear(gift.id)).statusCode).toBe(200);
    expect(await matchesOf(app, gift.id)).toEqual([]);
    expect(await snapshot(slug)).toMatchObject({ raised: 100, matched: 0, pending: 0 });
  });

  it('gives its match back when voided after clearing, with the reason', async () => {
    const { slug } = await campaign();
    const { gift } = (await record(cheque(slug, { amount: 200 }))).json();
    await clear(gift.id);
    // $150 at 1:1, then $50 tripled.
    expect(await matchesOf(app, gift.id)).toEqual([
      { matcher: 'First matcher', giftCents: 15_000, cents: 15_000, releaseReason: null },
      { matcher: 'Second matcher', giftCents: 5000, cents: 10_000, releaseReason: null },
    ]);
    const voided = await post(`/api/admin/offline-gifts/${gift.id}/void`, {
      reason: 'The bank returned the cheque',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await matchesOf(app, gift.id)).toEqual([
      { matcher: 'First matcher', giftCents: 15_000, cents: 15_000, releaseReason: 'voided' },
      { matcher: 'Second matcher', giftCents: 5000, cents: 10_000, releaseReason: 'voided' },
    ]);
    const after = await snapshot(slug);
    expect(after).toMatchObject({ raised: 0, matched: 0, pending: 0 });
    expect(after.matchers.map((m: { used: number }) => m.used)).toEqual([0, 0]);
  });

  it('leaves the campaign when a pending gift is voided, and cannot then be cleared', async () => {
    const { slug } = await campaign();
    const { gift } = (await record(cheque(slug))).json();
    const voided = await post(`/api/admin/offline-gifts/${gift.id}/void`, {
      reason: 'Typed twice',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await snapshot(slug)).toMatchObject({ pending: 0, raised: 0 });
    expect((await clear(gift.id)).statusCode).toBe(409);
  });

  it('keeps a gift of no campaign received when recorded, as before', async () => {
    const res = await record(cheque(null));
    expect(res.json().gift).toMatchObject({
      cleared: true,
      campaign: null,
      receiptNumber: expect.stringMatching(/^\d{4}-\d{6}$/),
    });
    expect((await clear(res.json().gift.id)).statusCode).toBe(409);
  });

  it('moves a pending gift to another campaign, but not a cleared one', async () => {
    const first = await campaign();
    const second = await campaign();
    const { gift } = (await record(cheque(first.slug))).json();
    const edit = (campaignSlug: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/admin/offline-gifts/${gift.id}`,
        headers: admin.headers,
        payload: { ...cheque(campaignSlug), reference: gift.reference, reason: 'Wrong campaign' },
      });
    const moved = await edit(second.slug);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await snapshot(first.slug)).toMatchObject({ pending: 0 });
    expect(await snapshot(second.slug)).toMatchObject({ pending: 100 });
    await clear(gift.id);
    const refused = await edit(first.slug);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.campaign).toMatch(/void it and record it again/);
  });

  it('refuses an unknown or draft campaign and a bad wall choice, with field messages', async () => {
    const draft = await campaign({ status: 'draft' });
    const before = await app.database.db.select({ id: donations.id }).from(donations);
    const cases: [object, string, RegExp][] = [
      [cheque('no-such-campaign'), 'campaign', /no campaign/],
      [cheque(draft.slug), 'campaign', /not published/],
      [cheque('x'.repeat(101)), 'campaign', /no such campaign/],
      [cheque(draft.slug, { wall: 'everyone' }), 'wall', /full, name, initials/],
      [cheque(null, { wall: 'full' }), 'wall', /choose the campaign/],
      [cheque(draft.slug, { campaign: 42 }), 'campaign', /choose a campaign/],
    ];
    for (const [payload, field, message] of cases) {
      const res = await record(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields[field]).toMatch(message);
    }
    expect(await app.database.db.select({ id: donations.id }).from(donations)).toHaveLength(
      before.length,
    );
    expect((await clear('not-a-uuid')).statusCode).toBe(400);
    expect((await clear('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('a campaign gift on paper', () => {
  it("names the campaign, its fund and matcher on the receipt mail, its PDF and the statement; only the donor's money counts", async () => {
    const { slug } = await campaign({ fund: 'the new roof' });
    const email = 'dovid.fund@example.org';
    const res = await record(cheque(slug, { email, name: 'Dovid Fund', amount: 120 }));
    expect(res.statusCode, res.body).toBe(201);
    const { gift } = res.json();
    expect((await clear(gift.id)).statusCode).toBe(200);
    while ((await app.jobWorker.runOnce()) > 0) {
      // until the outbox is empty
    }
    const line = 'Given in Cheque day for the new roof, matched by First matcher';
    const mail = app.sentMail.find((m) => m.to === email)!;
    expect(mail.text).toContain(`Campaign: ${line}`);
    const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');

    const link = /https?:\/\/[^/\s]+(\/api\/my-giving\/receipts\/[^\s)>"]+)/.exec(mail.text)?.[1];
    expect(link, mail.text).toBeTruthy();
    const receipt = await app.inject({ method: 'GET', url: link! });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const receiptText = flat(receipt.rawPayload);
    expect(receiptText).toContain(`Campaign ${line}`);
    expect(receiptText).toContain('Amount received $120.00');
    expect(receiptText).not.toContain('$240.00');

    const year = Number(isoDateIn(app.clock(), 'America/New_York').slice(0, 4));
    const statement = await app.inject({
      method: 'GET',
      url: `/api/admin/statements/preview.pdf?year=${year}&email=${encodeURIComponent(email)}`,
      headers: admin.headers,
    });
    expect(statement.statusCode, statement.body).toBe(200);
    const statementText = flat(statement.rawPayload);
    expect(statementText).toContain(line);
    expect(statementText).toContain('Total received $120.00');
  });
});
