import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { donations } from '~/db/schema';
import { liveCampaign } from '~tests/helpers/campaigns';
import { deliverEvent, setUpStripeTestApp } from '~tests/helpers/stripe';

// Where a campaign gift came from: the campaign page's utm_* carried through the card checkout
// onto the PaymentIntent and the donation (OJC: ojc-gifts.test.ts).

const t = setUpStripeTestApp({}, { admin: { username: 'referrer-office' } });
let slug: string;

beforeAll(async () => {
  ({ slug } = await liveCampaign(t.app, t.admin, { slug: 'referrer-day', title: 'Referrer day' }));
});

const referrerOf = (row: typeof donations.$inferSelect) => ({
  utmSource: row.utmSource,
  utmMedium: row.utmMedium,
  utmCampaign: row.utmCampaign,
  utmContent: row.utmContent,
});

describe('a campaign card gift’s referrer', () => {
  it('is written on the PaymentIntent and the donation', async () => {
    const pi = await t.startCheckout({
      amount: 36,
      campaign: slug,
      referrer: { source: 'whatsapp', medium: 'social', campaign: 'chanukah', content: 'group-a' },
    });
    expect(pi.metadata).toMatchObject({
      utm_source: 'whatsapp',
      utm_medium: 'social',
      utm_campaign: 'chanukah',
      utm_content: 'group-a',
    });
    expect(referrerOf(await t.donationOf(pi.id))).toEqual({
      utmSource: 'whatsapp',
      utmMedium: 'social',
      utmCampaign: 'chanukah',
      utmContent: 'group-a',
    });
  });

  it('is none without utm, and none for a gift outside a campaign', async () => {
    const direct = await t.startCheckout({ amount: 18, campaign: slug });
    expect(
      Object.keys(direct.metadata as Record<string, string>).filter((k) => k.startsWith('utm_')),
    ).toEqual([]);
    expect(referrerOf(await t.donationOf(direct.id))).toEqual({
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      utmContent: null,
    });
    const general = await t.startCheckout({ amount: 18, referrer: { source: 'mail' } });
    expect((await t.donationOf(general.id)).utmSource).toBeNull();
  });

  it('is cleaned: control characters become spaces, long values are cut, blank is none', async () => {
    const pi = await t.startCheckout({
      amount: 20,
      campaign: slug,
      referrer: {
        source: ' news\r\nletter\u202e\u0007 ',
        medium: 'x'.repeat(500),
        campaign: '   ',
        content: null,
      },
    });
    const row = await t.donationOf(pi.id);
    expect(referrerOf(row)).toEqual({
      utmSource: 'news letter',
      utmMedium: 'x'.repeat(100),
      utmCampaign: null,
      utmContent: null,
    });
  });

  it('refuses a referrer that is not text with a plain 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 20, campaign: slug, referrer: { source: 42 } },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('must be text');
  });

  it('is read back from the metadata when the site’s own row was never written', async () => {
    const pi = await t.startCheckout({
      amount: 50,
      campaign: slug,
      referrer: { source: 'email', campaign: 'erev' },
    });
    await t.app.database.db.delete(donations).where(eq(donations.stripePaymentIntentId, pi.id));
    const res = await deliverEvent(
      t.app,
      t.standIn.event('payment_intent.succeeded', t.standIn.pay(pi.id)),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(referrerOf(await t.donationOf(pi.id))).toMatchObject({
      utmSource: 'email',
      utmCampaign: 'erev',
      utmMedium: null,
    });
  });
});

describe('the checkout opened from the campaign page without JavaScript', () => {
  const checkout = `/checkout?amount=36&type=onetime&method=credit_card&campaign=referrer-day`;

  it('takes the utm_* of the campaign page it came from into its own address', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: checkout,
      headers: {
        referer: `http://localhost:80/campaign/referrer-day?utm_source=whatsapp&utm_medium=social&fbclid=abc`,
      },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${checkout}&utm_source=whatsapp&utm_medium=social`);
  });

  it('takes them from a team’s page of the campaign too', async () => {
    const url = `${checkout}&team=katz`;
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: {
        referer: `http://localhost:80/campaign/referrer-day/team/katz?utm_source=whatsapp&utm_campaign=katz-circle`,
      },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${url}&utm_source=whatsapp&utm_campaign=katz-circle`);
  });

  it('renders as it is when it has its utm_* already, or came from elsewhere, or with none', async () => {
    const cases = [
      {
        url: `${checkout}&utm_source=mail`,
        referer: 'http://localhost:80/campaign/referrer-day?utm_source=x',
      },
      { url: checkout, referer: 'https://elsewhere.example/campaign/referrer-day?utm_source=x' },
      { url: checkout, referer: 'http://localhost:80/campaign/other-day?utm_source=x' },
      { url: checkout, referer: 'http://localhost:80/campaign/other-day/team/katz?utm_source=x' },
      {
        url: checkout,
        referer: 'http://localhost:80/campaign/referrer-day/team/katz/list?utm_source=x',
      },
      { url: checkout, referer: 'http://localhost:80/campaign/referrer-day' },
      { url: checkout, referer: 'not an address' },
    ];
    for (const { url, referer } of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers: { referer } });
      expect(res.statusCode, `${url} from ${referer}`).toBe(200);
    }
  });
});
