import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignMatches, donations } from '~/db/schema';
import { liveCampaign } from '~tests/helpers/campaigns';
import {
  chargeOjcPayment,
  createOjcPayment,
  requestOjcPayment,
  setUpOjcTestApp,
} from '~tests/helpers/ojc';
import { postPageForm } from '~tests/helpers/page-forms';
import { drainOutbox } from '~tests/helpers/stripe';

const ojc = setUpOjcTestApp({}, { admin: { username: 'ojc-campaign-office' } });

/** A live campaign whose matcher doubles gifts up to $1,000. */
const matchedCampaign = (changes: Record<string, unknown>) =>
  liveCampaign(ojc.app, ojc.admin, {
    goal: 5000,
    matchers: [{ name: 'Matcher', ratio: 1, cap: 1000 }],
    ...changes,
  });

describe('an OJC gift to a campaign', () => {
  it('is credited when created, matched when OJC approves the charge, and named as chosen', async () => {
    await matchedCampaign({ slug: 'ojc-day', title: 'OJC day' });
    const paymentId = await createOjcPayment(ojc.app, {
      amount: 50,
      campaign: 'ojc-day',
      wall: 'initials',
    });
    expect(await ojc.donationOf(paymentId)).toMatchObject({ wallDisplay: 'initials' });
    const before = await ojc.app.inject({ method: 'GET', url: '/api/campaigns/ojc-day' });
    expect(before.json()).toMatchObject({ raised: 0, pending: 0, matched: 0 });

    const charged = await chargeOjcPayment(ojc.app, paymentId);
    expect(charged.statusCode).toBe(200);
    // Its thank-you links back to the campaign.
    expect(charged.json().payment).toMatchObject({ status: 'succeeded', campaign: 'ojc-day' });
    const page = await ojc.app.inject({ method: 'GET', url: `/api/ojc/payments/${paymentId}` });
    expect(page.json().payment).toMatchObject({ campaign: 'ojc-day' });
    const matches = await ojc.app.database.db
      .select()
      .from(campaignMatches)
      .where(eq(campaignMatches.donationId, paymentId));
    expect(matches.map((m) => m.cents)).toEqual([5000]);
    const after = (await ojc.app.inject({ method: 'GET', url: '/api/campaigns/ojc-day' })).json();
    expect(after).toMatchObject({ raised: 50, matched: 50, donors: 1 });
    expect(after.wall).toEqual([
      {
        id: expect.any(String),
        name: 'S. C.',
        amount: 50,
        dedication: null,
        monthly: null,
        released: null,
        refunded: null,
        at: expect.any(String),
      },
    ]);
  });

  it('a monthly OJC gift counts its months; cancelled, it keeps only the paid month and its match', async () => {
    await matchedCampaign({ slug: 'ojc-monthly', title: 'OJC monthly', recurringMonths: 12 });
    const paymentId = await createOjcPayment(ojc.app, {
      amount: 36,
      donationType: 'subscription',
      campaign: 'ojc-monthly',
      wall: 'full',
    });
    expect((await chargeOjcPayment(ojc.app, paymentId)).statusCode).toBe(200);
    await drainOutbox(ojc.app);
    const snapshot = async () =>
      (await ojc.app.inject({ method: 'GET', url: '/api/campaigns/ojc-monthly' })).json();
    expect(await snapshot()).toMatchObject({ raised: 432, matched: 432 });

    const receipt = ojc.app.sentMail.find((m) => /\/donate\/cancel\?token=/.test(m.text))!;
    const token = decodeURIComponent(/\/donate\/cancel\?token=(\S+)/.exec(receipt.text)![1]!);
    const res = await ojc.app.inject({
      method: 'POST',
      url: '/api/ojc/subscriptions/cancel',
      payload: { token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await snapshot();
    expect(after).toMatchObject({ raised: 36, matched: 36 });
    expect(after.wall[0]).toMatchObject({
      name: 'Sarah Cohen',
      amount: 36,
      monthly: { months: 1 },
    });
    const matches = await ojc.app.database.db
      .select()
      .from(campaignMatches)
      .where(eq(campaignMatches.donationId, paymentId))
      .orderBy(campaignMatches.createdAt);
    expect(matches.map((m) => [m.cents, m.releaseReason])).toEqual([
      [43_200, 'cancelled'],
      [3600, null],
    ]);
  });

  it('is refused for an unknown campaign, with a plain field message', async () => {
    const res = await requestOjcPayment(ojc.app, { campaign: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.campaign).toContain('There is no such campaign');
  });
});

describe('an OJC gift’s referrer', () => {
  let slug: string;
  beforeAll(async () => {
    ({ slug } = await liveCampaign(ojc.app, ojc.admin, {
      slug: 'ojc-referrer-day',
      title: 'OJC referrer day',
      goal: 5000,
    }));
  });

  it('is kept on the donation from the API, cleaned; none without one', async () => {
    const paymentId = await createOjcPayment(ojc.app, {
      amount: 18,
      campaign: slug,
      referrer: { source: 'whatsapp\n', medium: 'y'.repeat(300), campaign: 'erev' },
    });
    expect(await ojc.donationOf(paymentId)).toMatchObject({
      utmSource: 'whatsapp',
      utmMedium: 'y'.repeat(100),
      utmCampaign: 'erev',
      utmContent: null,
    });
    const direct = await createOjcPayment(ojc.app, { amount: 18, campaign: slug });
    expect(await ojc.donationOf(direct)).toMatchObject({ utmSource: null, utmCampaign: null });
  });

  it('is kept from the checkout’s address when the form is posted without JavaScript', async () => {
    const email = 'referrer.nojs@example.org';
    const res = await postPageForm(
      ojc.app,
      `/checkout?amount=36&type=onetime&method=ojc&campaign=${slug}&utm_source=mail&utm_campaign=chanukah&utm_content=%0Dtop`,
      { _form: 'ojc-checkout', name: 'Sarah Cohen', email, website: '' },
    );
    expect(res.statusCode, res.body).toBe(303);
    const [gift] = await ojc.app.database.db
      .select()
      .from(donations)
      .where(eq(donations.email, email));
    expect(gift).toMatchObject({
      utmSource: 'mail',
      utmMedium: null,
      utmCampaign: 'chanukah',
      utmContent: 'top',
    });
  });
});
