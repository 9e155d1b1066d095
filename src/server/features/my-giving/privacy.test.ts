import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignOptOuts,
  campaignThankYous,
  contactMessages,
  donations,
  erasureRequests,
  prayerNames,
} from '~/db/schema';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import type { TestApp } from '~tests/helpers/app';
import { liveCampaign } from '~tests/helpers/campaigns';
import { insertDonations } from '~tests/helpers/donations';
import { applyForMembership } from '~tests/helpers/members';
import { givingSession } from '~tests/helpers/my-giving';
import { activeMember } from '~tests/helpers/prayer-names';
import { postPageForm } from '~tests/helpers/page-forms';
import { erasedMark } from './erased-mark';
import { erasureRequestedMessage } from './erasure-requests';

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin());
});
afterAll(() => app.close());

const EMAIL = 'forget.me@example.org';

/** The office's decision on a request, signed in. */
const decide = (id: string, decision: string) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/erasure-requests/${id}`,
    payload: { decision },
    headers: admin.headers,
  });

/** The donor's request, signed in to My giving, to be forgotten. */
const askErasure = (cookie: string, payload: object = { confirm: true }) =>
  app.inject({ method: 'POST', url: '/api/my-giving/erasure', payload, headers: { cookie } });

/** The requests to be forgotten, as the office's list shows them. */
const officeErasureList = async () =>
  (
    await app.inject({ url: '/api/admin/erasure-requests', headers: { cookie: admin.cookie } })
  ).json().requests;

async function seedDonor() {
  await insertDonations(app, [
    {
      email: EMAIL,
      donorName: 'Leah Forget',
      amountCents: 5_400,
      dedicationKind: 'honor',
      dedicationName: 'My mother',
      cardLast4: '4242',
    },
    { email: 'keep@example.org', donorName: 'Kept Donor' },
  ]);
  await app.database.db.insert(contactMessages).values({
    name: 'Leah Forget',
    email: EMAIL,
    message: 'Please call me',
  });
  await app.database.db.insert(prayerNames).values({
    donorEmail: EMAIL,
    hebrewName: 'לאה',
    motherHebrewName: 'רחל',
    intention: 'healing',
    renewedAt: new Date(),
  });
}

describe('what the site holds, on request', () => {
  it('downloads as JSON: gifts, messages and names for prayer, never another donor’s', async () => {
    await seedDonor();
    const cookie = await givingSession(app, EMAIL);
    const res = await app.inject({ url: '/api/my-giving/export.json', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="my-data.json"');
    const data = res.json();
    expect(data.email).toBe(EMAIL);
    expect(data.donations).toHaveLength(1);
    expect(data.contactMessages[0].message).toBe('Please call me');
    expect(data.prayerNames[0].hebrewName).toBe('לאה');
    expect(res.body).not.toContain('Kept Donor');
    expect((await app.inject({ url: '/api/my-giving/export.json' })).statusCode).toBe(401);
  });

  it('holds the campaigns the donor asked not to be asked for again, and was thanked for', async () => {
    const email = 'asked.once@example.org';
    await insertDonations(app, [{ email, donorName: 'Asked Once', amountCents: 1_800 }]);
    const campaign = await liveCampaign(app, admin, { title: 'Roof Day' });
    await app.database.db.insert(campaignOptOuts).values([
      { campaignId: campaign.id, email },
      { campaignId: campaign.id, email: 'someone.else@example.org' },
    ]);
    await app.database.db.insert(campaignThankYous).values({ campaignId: campaign.id, email });
    const cookie = await givingSession(app, email);
    const data = (
      await app.inject({ url: '/api/my-giving/export.json', headers: { cookie } })
    ).json();
    expect(data.campaignsNotToBeAskedFor).toEqual([
      { campaign: 'Roof Day', askedAt: expect.any(String) },
    ]);
    expect(data.campaignThankYous).toEqual([{ campaign: 'Roof Day', sentAt: expect.any(String) }]);
  });

  it('is forgotten once the office confirms: personal data erased, the gift kept anonymised', async () => {
    const cookie = await givingSession(app, EMAIL);
    const refused = await askErasure(cookie, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.confirm).toBe(
      'Tick the box to confirm you want to be forgotten',
    );
    // Without JavaScript: the page's form.
    const posted = await postPageForm(app, '/my-giving', {
      _form: 'giving-erasure',
      confirm: 'yes',
    });
    expect(posted.statusCode).toBe(401);
    const page = await postPageForm(
      app,
      '/my-giving',
      { confirm: 'yes', _form: 'giving-erasure' },
      { cookie },
    );
    expect(page.statusCode).toBe(303);
    const sent = await app.inject({ url: '/my-giving?sent=giving-erasure', headers: { cookie } });
    expect(sent.body).toContain(erasureRequestedMessage.slice(0, 40));
    // Asked twice: one open request.
    const again = await askErasure(cookie);
    expect(again.json().message).toBe(erasureRequestedMessage);

    const open = (await officeErasureList()).filter((r: { email: string }) => r.email === EMAIL);
    expect(open).toHaveLength(1);
    const decided = await decide(open[0].id, 'erase');
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ status: 'erased', email: erasedMark(EMAIL) });

    const db = app.database.db;
    const [gift] = await db
      .select()
      .from(donations)
      .where(eq(donations.email, erasedMark(EMAIL)));
    expect(gift).toMatchObject({
      donorName: 'Erased donor',
      amountCents: 5_400,
      paymentStatus: 'succeeded',
      dedicationName: null,
      cardLast4: null,
    });
    const left = await db.execute(
      sql`select count(*)::int as n from donations where lower(email) = ${EMAIL}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect(await db.select().from(contactMessages).where(eq(contactMessages.email, EMAIL))).toEqual(
      [],
    );
    expect(await db.select().from(prayerNames).where(eq(prayerNames.donorEmail, EMAIL))).toEqual(
      [],
    );
    expect(await db.select().from(erasureRequests).where(eq(erasureRequests.email, EMAIL))).toEqual(
      [],
    );
    // The other donor is untouched.
    const [kept] = await db.select().from(donations).where(eq(donations.email, 'keep@example.org'));
    expect(kept!.donorName).toBe('Kept Donor');
    // Decided: it cannot be decided again.
    const twice = await decide(open[0].id, 'erase');
    expect(twice.statusCode).toBe(404);
  });

  it('names the donor in the office’s list; once erased, they leave the year’s statements', async () => {
    const email = 'erased.statement@example.org';
    await insertDonations(app, [{ email, donorName: 'Miriam Statement', amountCents: 3_600 }]);
    const year = new Date().getFullYear();
    const statements = async () =>
      (
        await app.inject({
          url: `/api/admin/statements?year=${year}`,
          headers: { cookie: admin.cookie },
        })
      ).json() as { donors: { email: string; name: string }[] };
    expect((await statements()).donors.map((d) => d.email)).toContain(email);
    const cookie = await givingSession(app, email);
    await askErasure(cookie);
    // Someone else gave since: the request still names its own donor.
    await insertDonations(app, [{ email: 'later.donor@example.org', donorName: 'Later Donor' }]);
    const open = (await officeErasureList()).find((r: { email: string }) => r.email === email);
    expect(open).toMatchObject({ name: 'Miriam Statement', status: 'requested' });
    expect((await decide(open.id, 'erase')).statusCode).toBe(200);
    const after = await statements();
    expect(after.donors.map((d) => d.email)).not.toContain(erasedMark(email));
    expect(after.donors.map((d) => d.name)).not.toContain('Erased donor');
    const decided = (await officeErasureList()).find((r: { id: string }) => r.id === open.id);
    expect(decided).toMatchObject({ status: 'erased', name: null });
  });

  it('is not held back by a membership someone applied for with the address and never paid', async () => {
    const email = 'blocked.erasure@example.org';
    await insertDonations(app, [{ email, donorName: 'Dina Blocked' }]);
    // A stranger applies with the donor's address: a pending member no one will pay for.
    const applied = await applyForMembership(app, { email, firstName: 'Stranger' });
    const cookie = await givingSession(app, email);
    await askErasure(cookie);
    const [open] = (await officeErasureList()).filter((r: { email: string }) => r.email === email);
    const decided = await decide(open.id, 'erase');
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await applied.member()).toMatchObject({
      status: 'cancelled',
      email: erasedMark(email),
      name: 'Erased donor',
    });
    // A paid membership still holds it back: it charges the address every month.
    const paying = 'still.paying@example.org';
    await activeMember(app, paying);
    const payingCookie = await givingSession(app, paying);
    await askErasure(payingCookie);
    const [held] = (await officeErasureList()).filter((r: { email: string }) => r.email === paying);
    expect((await decide(held.id, 'erase')).statusCode).toBe(409);
  });

  it('lets the office clear a never-paid membership by declining its application', async () => {
    const applied = await applyForMembership(app, { email: 'declined.app@example.org' });
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/admin/membership-applications/${applied.applicationId}`,
      payload: { status: 'declined' },
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().memberStatus).toBe('cancelled');
    expect(await applied.member()).toMatchObject({ status: 'cancelled' });
  });

  it('refuses bad decisions with field messages', async () => {
    const bad = await decide('not-a-uuid', 'maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.id).toBe('Unknown request');
    const decision = await decide('6f1c4c52-6a55-4c5e-9d0f-7b0e6f3b2a11', 'maybe');
    expect(decision.statusCode).toBe(400);
    expect(decision.json().error.fields.decision).toBe('Choose erase or decline');
  });
});
