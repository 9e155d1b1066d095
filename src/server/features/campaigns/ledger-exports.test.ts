import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignThankYous } from '~/db/schema';
import { isoDateIn } from '~/shared/schedule';
import { eraseDonor } from '~/server/features/my-giving';
import type { TestApp } from '~tests/helpers/app';
import { auditEntries, appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { liveCampaign } from '~tests/helpers/campaigns';

/**
 * A campaign's gifts in the office's dashboard (the campaign filter), its CSV and the thank-you
 * mail after it.
 */

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'campaign-thanks' }));
});
afterAll(() => app.close());

const campaign = (changes: Record<string, unknown> = {}) =>
  liveCampaign(app, admin, {
    title: 'Thanks day',
    offlineGiftsMatched: true,
    matchers: [{ name: 'The Katz family', ratio: 1, cap: 1000 }],
    ...changes,
  });

let reference = 9000;
/** A cheque for the campaign, recorded and (unless told) cleared. */
async function cheque(slug: string | null, extra: Record<string, unknown> = {}, cleared = true) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/offline-gifts',
    headers: admin.headers,
    payload: {
      name: 'Dina Roth',
      email: 'dina@example.org',
      amount: 50,
      method: 'check',
      receivedOn: isoDateIn(app.clock(), 'America/New_York'),
      reference: String(++reference),
      campaign: slug,
      wall: slug ? 'full' : null,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { gift } = res.json();
  if (cleared && slug) {
    const done = await app.inject({
      method: 'POST',
      url: `/api/admin/offline-gifts/${gift.id}/clear`,
      headers: admin.headers,
    });
    expect(done.statusCode, done.body).toBe(200);
  }
  return gift as { id: string };
}

const get = (url: string) => app.inject({ method: 'GET', url, headers: admin.headers });

describe('the dashboard with a campaign filter', () => {
  it('narrows the list, the stats and the CSV to the campaign, and refuses an unknown one', async () => {
    const { slug } = await campaign();
    await cheque(slug, { name: 'In The Campaign', amount: 70 });
    await cheque(null, { name: 'Outside It', amount: 30 });

    const list = await get(`/api/admin/donors?campaign=${slug}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().donors.map((d: { name: string }) => d.name)).toEqual(['In The Campaign']);

    const stats = await get(`/api/admin/payment-stats?campaign=${slug}`);
    expect(stats.json()).toMatchObject({ totalAmount: 7000, verifiedPayments: 1 });
    const both = await get(`/api/admin/payment-stats?campaign=${slug}&method=stripe`);
    expect(both.json()).toMatchObject({ totalAmount: 0, verifiedPayments: 0 });

    const csv = await get(`/api/admin/donors.csv?campaign=${slug}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('In The Campaign');
    expect(csv.body).not.toContain('Outside It');

    for (const url of [
      '/api/admin/donors?campaign=no-such-day',
      '/api/admin/payment-stats?campaign=no-such-day',
      '/api/admin/donors.csv?campaign=no-such-day',
      `/api/admin/donors?campaign=${'x'.repeat(101)}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.fields.campaign).toMatch(/no (such )?campaign/);
    }
  });
});

describe('GET /api/admin/campaigns/:id/gifts.csv', () => {
  it('lists each gift with its match, matchers, wall and dedication, formulas made text, audited', async () => {
    const { id, slug } = await campaign();
    await cheque(slug, {
      name: '=HYPERLINK("http://evil.test")',
      amount: 120,
      wall: 'initials',
      dedication: { kind: 'memory', name: 'Yaakov ben Avraham' },
    });
    await cheque(slug, { name: 'Still Pending', email: 'pending@example.org' }, false);
    const res = await get(`/api/admin/campaigns/${id}/gifts.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const [header, ...rows] = res.body.trim().split('\r\n');
    expect(header).toBe(
      'Donor,Email,Amount,Monthly,Method,Status,Matched,Matched By,Wall,Dedication,Date,Receipt,Team,Source,Medium,Campaign Link,Link Content',
    );
    expect(rows).toHaveLength(2);
    const pending = rows.find((r) => r.startsWith('Still Pending'))!;
    expect(pending).toMatch(/^Still Pending,pending@example.org,50.00,,Cheque \d+,Pending,,,/);
    const matched = rows.find((r) => r.includes('HYPERLINK'))!;
    expect(matched.startsWith(`"'=HYPERLINK`)).toBe(true);
    expect(matched).toContain(',120.00,,Cheque 9');
    expect(matched).toContain(
      ',Verified,120.00,The Katz family,Initials and amount,In memory of Yaakov ben Avraham,',
    );
    const exports = await auditEntries(app, 'export');
    expect(exports.map((a) => a.target)).toContain(`campaign:${slug}`);
    expect(
      (await get('/api/admin/campaigns/00000000-0000-4000-8000-000000000000/gifts.csv')).statusCode,
    ).toBe(404);
    expect((await get('/api/admin/campaigns/nope/gifts.csv')).statusCode).toBe(400);
  });
});

describe('the thank-you mail after a campaign', () => {
  const press = (id: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${id}/thank-you`,
      headers: admin.headers,
      payload,
    });

  async function drainOutbox() {
    while ((await app.jobWorker.runOnce()) > 0) {
      // until the outbox is empty
    }
  }

  it('goes once to each donor address of a received gift, resumes, and never twice', async () => {
    const { id, slug } = await campaign({ title: 'Tziyun Day' });
    await cheque(slug, { email: 'leah@example.org', name: 'Leah Gold' });
    await cheque(slug, { email: 'LEAH@example.org', name: 'Leah Gold' });
    await cheque(slug, { email: 'moshe@example.org', name: 'Moshe Stern', wall: 'hidden' });
    await cheque(slug, { email: null, address: '3 Elm St', name: 'No Email' });
    await cheque(slug, { email: 'notyet@example.org' }, false);

    const reach = await get(`/api/admin/campaigns/${id}/thank-you`);
    expect(reach.json()).toEqual({ toSend: 2, alreadyThanked: 0, withoutEmail: 1 });

    const message = 'We reached the goal!\n\nThe names were read at the tziyun.';
    const first = await press(id, { message });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ queued: 2, alreadyThanked: 0 });
    // The second press, before or after the mail went: nothing twice.
    expect((await press(id, { message })).json()).toEqual({ queued: 0, alreadyThanked: 2 });

    // The first send fails (SMTP down): the outbox keeps it and sends it on its retry.
    const before = app.sentMail.length;
    app.mailFailNext(1);
    await drainOutbox();
    app.advanceClock(10 * 60_000);
    await drainOutbox();
    const thanks = app.sentMail.slice(before).filter((m) => m.subject.includes('Tziyun Day'));
    expect(thanks.map((m) => m.to).sort()).toEqual(['leah@example.org', 'moshe@example.org']);
    const leah = thanks.find((m) => m.to === 'leah@example.org')!;
    expect(leah.subject).toBe('Thank you for giving to Tziyun Day');
    expect(leah.text).toContain('Dear Leah Gold,');
    expect(leah.text).toContain('The names were read at the tziyun.');
    expect(leah.text).toContain('because you gave to Tziyun Day');

    // A donor who gave since is thanked on the next press; no one else again.
    await cheque(slug, { email: 'late@example.org', name: 'Late Giver' });
    expect((await get(`/api/admin/campaigns/${id}/thank-you`)).json()).toMatchObject({
      toSend: 1,
      alreadyThanked: 2,
    });
    expect((await press(id, { message })).json()).toEqual({ queued: 1, alreadyThanked: 2 });
    const rows = await app.database.db
      .select()
      .from(campaignThankYous)
      .where(eq(campaignThankYous.campaignId, id));
    expect(rows.map((r) => r.email).sort()).toEqual([
      'late@example.org',
      'leah@example.org',
      'moshe@example.org',
    ]);
    const audits = await auditEntries(app, 'campaign-thank-you-sent');
    expect(audits.filter((a) => a.target === slug)).toHaveLength(3);
  });

  it('forgets an erased donor as thanked, and never writes to the mark their gifts keep', async () => {
    const { id, slug } = await campaign({ title: 'Erasure Day' });
    await cheque(slug, { email: 'stays@example.org', name: 'Stays Here' });
    await cheque(slug, { email: 'forget.me@example.org', name: 'Forget Me' });
    expect((await press(id, { message: 'Thank you' })).json()).toEqual({
      queued: 2,
      alreadyThanked: 0,
    });
    await app.database.db.transaction((tx) => eraseDonor(tx, 'forget.me@example.org'));
    const rows = await app.database.db
      .select()
      .from(campaignThankYous)
      .where(eq(campaignThankYous.campaignId, id));
    expect(rows.map((r) => r.email)).toEqual(['stays@example.org']);
    // The erased gift is counted with those no mail can reach, and a second press sends nothing.
    expect((await get(`/api/admin/campaigns/${id}/thank-you`)).json()).toEqual({
      toSend: 0,
      alreadyThanked: 1,
      withoutEmail: 1,
    });
    expect((await press(id, { message: 'Thank you' })).json()).toEqual({
      queued: 0,
      alreadyThanked: 1,
    });
  });

  it('refuses an empty or long message, an unknown campaign and a draft', async () => {
    const { id } = await campaign();
    const empty = await press(id, { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.message).toBe('Please write the message the donors will read');
    const long = await press(id, { message: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.message).toMatch(/at most 5000/);
    expect((await press(id, {})).statusCode).toBe(400);
    expect((await press(id, { message: 42 })).statusCode).toBe(400);
    const unknown = await press('00000000-0000-4000-8000-000000000000', { message: 'Thanks' });
    expect(unknown.statusCode).toBe(404);
    const draft = await campaign({ status: 'draft' });
    expect((await press(draft.id, { message: 'Thanks' })).statusCode).toBe(409);
    expect((await get(`/api/admin/campaigns/${draft.id}/thank-you`)).statusCode).toBe(409);
  });
});
