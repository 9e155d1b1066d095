import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignMatches } from '~/db/schema';
import { signIn, type AdminSession } from '../../../../tests/helpers/admin';
import { chargeOjcPayment, createOjcPayment, setUpOjcTestApp } from '../../../../tests/helpers/ojc';

const ojc = setUpOjcTestApp();
let admin: AdminSession;
beforeAll(async () => {
  admin = await signIn(ojc.app, { username: 'ojc-campaign-office' });
});

const hours = (h: number) => new Date(ojc.app.clock().getTime() + h * 3_600_000).toISOString();

describe('an OJC gift to a campaign', () => {
  it('is credited when created, matched when OJC approves the charge, and named as chosen', async () => {
    const made = await ojc.app.inject({
      method: 'POST',
      url: '/api/admin/campaigns',
      headers: admin.headers,
      payload: {
        slug: 'ojc-day',
        title: 'OJC day',
        goal: 5000,
        startsAt: hours(-1),
        endsAt: hours(10),
        status: 'published',
        matchers: [{ name: 'Matcher', ratio: 1, cap: 1000 }],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const paymentId = await createOjcPayment(ojc.app, {
      amount: 50,
      campaign: 'ojc-day',
      wall: 'initials',
    });
    expect(await ojc.donationOf(paymentId)).toMatchObject({ wallDisplay: 'initials' });
    const before = await ojc.app.inject({ method: 'GET', url: '/api/campaigns/ojc-day' });
    expect(before.json()).toMatchObject({ raised: 0, pending: 0, matched: 0 });

    expect((await chargeOjcPayment(ojc.app, paymentId)).statusCode).toBe(200);
    const matches = await ojc.app.database.db
      .select()
      .from(campaignMatches)
      .where(eq(campaignMatches.donationId, paymentId));
    expect(matches.map((m) => m.cents)).toEqual([5000]);
    const after = (await ojc.app.inject({ method: 'GET', url: '/api/campaigns/ojc-day' })).json();
    expect(after).toMatchObject({ raised: 50, matched: 50, donors: 1 });
    expect(after.wall).toEqual([
      { name: 'S. C.', amount: 50, monthly: null, at: expect.any(String) },
    ]);
  });

  it('is refused for an unknown campaign, with a plain field message', async () => {
    const res = await ojc.app.inject({
      method: 'POST',
      url: '/api/ojc/create-payment',
      payload: {
        amount: 36,
        donationType: 'onetime',
        donorName: 'Sarah Cohen',
        donorEmail: 'sarah@example.org',
        campaign: 'nope',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.campaign).toContain('There is no such campaign');
  });
});
