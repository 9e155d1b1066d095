import siteConfig from '@site-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '~tests/helpers/app';
import { testCardKey } from '~tests/helpers/ojc';
import { pageData, visibleText } from '~tests/helpers/page-forms';

const stripeKeys = {
  STRIPE_SECRET_KEY: 'sk_test_pagedata',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_pagedata',
};
const ojcAccount = { OJC_USERNAME: 'user', OJC_PASSWORD: 'password', OJC_ORG_ID: 'org==' };

let nothingSetUp: TestApp;
let cardAndOneTimeOjc: TestApp;
let everything: TestApp;
beforeAll(async () => {
  [nothingSetUp, cardAndOneTimeOjc, everything] = await Promise.all([
    buildTestApp(),
    buildTestApp({ ...stripeKeys, ...ojcAccount, DONATION_MAX_DOLLARS: '500' }),
    buildTestApp({ ...stripeKeys, ...ojcAccount, OJC_CARD_ENCRYPTION_KEY: testCardKey }),
  ]);
});
afterAll(() => Promise.all([nothingSetUp, cardAndOneTimeOjc, everything].map((a) => a.close())));

describe('the donate page’s data: the limits and the methods set up', () => {
  it('offers the methods that can take money, per kind of gift, with the server’s limits', async () => {
    for (const path of ['/donate', '/checkout?amount=36&type=onetime']) {
      const res = await cardAndOneTimeOjc.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(pageData(res.body).data, path).toMatchObject({
        limits: { minDollars: 1, maxDollars: 500 },
        methods: { onetime: ['credit_card', 'ojc'], subscription: ['credit_card'] },
      });
    }
    // The checkout also carries what its card form shows before Stripe.js, and its attempt key.
    const checkout = pageData(
      (await cardAndOneTimeOjc.inject('/checkout?amount=36&type=onetime')).body,
    ).data;
    expect(checkout).toEqual({
      limits: { minDollars: 1, maxDollars: 500 },
      methods: { onetime: ['credit_card', 'ojc'], subscription: ['credit_card'] },
      card: { publishableKey: 'pk_test_pagedata', fee: { percent: 2.9, fixedCents: 30 } },
      attempt: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
    });
    expect(pageData((await everything.inject('/donate')).body).data).toEqual({
      limits: { minDollars: 1, maxDollars: 25_000 },
      methods: {
        onetime: ['credit_card', 'ojc'],
        subscription: ['credit_card', 'ojc'],
      },
    });
    expect(pageData((await nothingSetUp.inject('/donate')).body).data.methods).toEqual({
      onetime: [],
      subscription: [],
    });
  });

  it("renders the checkout with its card settings whatever the address's encoding", async () => {
    for (const query of ['amount=36', 'amount=%2036', 'amount=+36', 'amount=36&note=%E2%9C%93']) {
      const { body } = await cardAndOneTimeOjc.inject(`/checkout?${query}`);
      expect(body, query).toContain('Complete Donation $36');
      expect(body, query).not.toContain('Setting up your payment');
    }
  });

  it('renders the choice its address holds, so the page hydrates as the server drew it', async () => {
    const { body } = await everything.inject('/donate?amount=72&type=subscription&method=ojc');
    expect(body).toMatch(/<button[^>]*aria-pressed="true"[^>]*>\$<!-- -->72<\/button>/);
    const tag = (pattern: RegExp) => body.match(pattern)?.[0] ?? '';
    expect(tag(/<input type="checkbox"[^>]*name="type"[^>]*>/)).toContain('checked=""');
    expect(tag(/<input type="radio"[^>]*value="ojc"[^>]*>/)).toContain('checked=""');
    expect(tag(/<input type="radio"[^>]*value="credit_card"[^>]*>/)).not.toContain('checked');
    expect(visibleText(body)).toContain('Donate $72/month');
    expect(pageData(body)).toMatchObject({
      path: '/donate',
      search: 'amount=72&type=subscription&method=ojc',
    });
  });

  it('says under the field what is wrong with an amount in the address', async () => {
    const over = visibleText((await cardAndOneTimeOjc.inject('/donate?amount=501')).body);
    expect(over).toContain('The most we can take online is $500 per gift.');
    const cents = visibleText((await everything.inject('/donate?amount=12.5')).body);
    expect(cents).toContain('Please enter whole dollars, without cents: $12 or $13.');
  });

  it('offers no form that cannot work: the office’s contacts when nothing is set up', async () => {
    const page = visibleText((await nothingSetUp.inject('/donate')).body);
    expect(page).toContain('Online giving is not available right now');
    for (const detail of [
      siteConfig.contact.phone,
      siteConfig.contact.email,
      siteConfig.contact.addressLine,
    ]) {
      expect(page).toContain(detail);
    }
    expect(page).not.toContain('Donate $0');
  });

  it('says on the checkout, before any form, that an amount is over the limit', async () => {
    const res = await cardAndOneTimeOjc.inject('/checkout?amount=501&type=onetime');
    expect(res.statusCode).toBe(200);
    const page = visibleText(res.body);
    expect(page).toContain('This amount cannot be given online');
    expect(page).toContain('The most we can take online is $500 per gift.');
    expect(page).not.toContain('Setting up your payment...');
    expect(res.body).toContain('href="/donate?amount=501&amp;type=onetime&amp;method=credit_card"');
  });

  it('offers the method that works when the checkout is opened for one that is not set up', async () => {
    const page = visibleText(
      (await cardAndOneTimeOjc.inject('/checkout?amount=72&type=subscription&method=ojc')).body,
    );
    expect(page).toContain('OJC Fund payments are not set up');
    expect(page).toContain('Give $72 a month by credit card');
    expect(page).not.toContain('Payment Setup Error');

    const none = visibleText((await nothingSetUp.inject('/checkout?amount=36&type=onetime')).body);
    expect(none).toContain('Online giving is not available right now');
    expect(none).not.toContain('OJC Fund charity card instead');
  });
});
