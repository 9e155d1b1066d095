import { describe, expect, it } from 'vitest';
import type { TestApp } from '~tests/helpers/app';
import { donor, testCard, testExpiry } from '~tests/helpers/ojc';
import { deliverEvent } from '~tests/helpers/stripe';
import { setUpPaymentStandIns } from '~tests/helpers/payment-stand-ins';

// The card-testing defence (ADR 046): a handful of addresses, or a hundred, cannot close card
// checkout for every donor; the ceiling for everyone refuses only while declines say cards are
// being tested, and lifts afterwards. Every request comes as a proxy sends it (TRUST_PROXY).

const standIns = setUpPaymentStandIns();

const gift = { amount: 18, name: 'Sarah Cohen', email: 'sarah@example.org' };

/** A payment setup from `visitor`, as the proxy in front (loopback) forwards it. */
function setUp(
  app: TestApp,
  visitor: string,
  url = '/api/create-payment-intent',
  payload?: object,
) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload ?? gift,
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': visitor },
  });
}

/** Each visitor's setups, the visitors side by side, as a crowd would send them. */
async function crowd(app: TestApp, visitors: string[], each: number) {
  const codes = await Promise.all(
    visitors.map(async (visitor) => {
      const mine: number[] = [];
      for (let i = 0; i < each; i++) mine.push((await setUp(app, visitor)).statusCode);
      return mine;
    }),
  );
  return codes.flat();
}

/** Dozens of setups each: slow on a busy machine, not stuck. */
const timeout = 120_000;

const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;
const paymentIntentsCreated = () =>
  standIns.stripe.requestsTo('POST', '/v1/payment_intents').length;

/** The site's defaults for payment setups, written out: what a deployment runs with. */
const defaults = {
  TRUST_PROXY: 'loopback',
  DONATION_RATE_LIMIT: '5',
  DONATION_GLOBAL_RATE_LIMIT: '60',
  DONATION_DECLINE_ALARM: '10',
};

async function withApp(env: Record<string, string>, run: (app: TestApp) => Promise<void>) {
  const app = await standIns.buildApp({ ...defaults, ...env });
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

/** Visitor `i` of many, each in a network of its own (a /24 apiece). */
const ipv4 = (i: number) => `198.${51 + Math.floor(i / 200)}.${i % 200}.7`;

/** Stripe tells the site that this setup's card was declined. */
async function decline(app: TestApp, setupAnswer: { json(): { clientSecret: string } }) {
  const pi = setupAnswer.json().clientSecret.split('_secret_')[0]!;
  const res = await deliverEvent(
    app,
    standIns.stripe.event('payment_intent.payment_failed', standIns.stripe.decline(pi)),
  );
  expect(res.statusCode).toBe(200);
}

describe('the card-testing defence', () => {
  it(
    '12 addresses at their own limit do not close card checkout for a 13th donor',
    { timeout },
    async () => {
      await withApp({}, async (app) => {
        const codes = await crowd(
          app,
          Array.from({ length: 12 }, (_, i) => ipv4(i)),
          6,
        );
        expect([count(codes, 200), count(codes, 429)]).toEqual([60, 12]);
        const donation = await setUp(app, '192.0.2.44');
        expect(donation.statusCode, donation.body).toBe(200);
      });
    },
  );

  it(
    '12 /64s of one home /56 share their network limit, and a refused setup creates no PaymentIntent',
    { timeout },
    async () => {
      await withApp({}, async (app) => {
        const before = paymentIntentsCreated();
        const home = Array.from({ length: 12 }, (_, i) => `2001:db8:ab:cd0${i.toString(16)}::1`);
        const codes = await crowd(app, home, 5);
        // 20 a minute from one network (four visitors' worth), however many /64s it holds.
        expect([count(codes, 200), count(codes, 429)]).toEqual([20, 40]);
        expect(paymentIntentsCreated() - before).toBe(20);
        const refused = await setUp(app, '2001:db8:ab:cdff::9');
        expect(refused.json().error.message).toMatch(
          /^Too many donations have been started from your network in the last minute\. No money was taken\. Please wait \d+ seconds and try again\.$/,
        );
        const donation = await setUp(app, '2001:db8:ff:1::1');
        expect(donation.statusCode, donation.body).toBe(200);
      });
    },
  );

  it('100 addresses do not close card checkout for a donor either', { timeout }, async () => {
    await withApp({}, async (app) => {
      const codes = await crowd(
        app,
        Array.from({ length: 100 }, (_, i) => ipv4(i)),
        1,
      );
      expect(count(codes, 200)).toBe(100);
      const donation = await setUp(app, '192.0.2.45');
      expect(donation.statusCode, donation.body).toBe(200);
    });
  });

  it(
    'a burst of declines engages the ceiling; a network’s first setup over it still goes through; it lifts afterwards',
    { timeout },
    async () => {
      const env = {
        DONATION_RATE_LIMIT: '1000',
        DONATION_GLOBAL_RATE_LIMIT: '3',
        DONATION_DECLINE_ALARM: '3',
      };
      await withApp(env, async (app) => {
        const tester = '203.0.113.5';
        // Over the ceiling, but no card was declined: nobody is refused.
        const setups = [];
        for (let i = 0; i < 4; i++) setups.push(await setUp(app, tester));
        expect(setups.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);

        // The cards are declined: the ceiling engages.
        for (const setup of setups.slice(0, 3)) await decline(app, setup);
        const first = await setUp(app, tester);
        expect(first.statusCode, 'the first over the ceiling from this network').toBe(200);
        const before = paymentIntentsCreated();
        const refused = await setUp(app, tester);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error.message).toMatch(
          /^Too many donations are being started right now\. No money was taken\. Please wait \d+ seconds and try again\.$/,
        );
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(paymentIntentsCreated(), 'no PaymentIntent for a refused setup').toBe(before);
        // A donor elsewhere, starting a gift, is not refused because the tester filled the ceiling.
        expect((await setUp(app, '192.0.2.46')).statusCode).toBe(200);

        // A minute on, the ceiling counts again from zero, and still holds while armed.
        app.advanceClock(60_000);
        const again = [];
        for (let i = 0; i < 5; i++) again.push((await setUp(app, tester)).statusCode);
        expect(again).toEqual([200, 200, 200, 429, 429]);

        // Fifteen minutes without declines: the ceiling lifts.
        app.advanceClock(15 * 60_000);
        const after = [];
        for (let i = 0; i < 5; i++) after.push((await setUp(app, tester)).statusCode);
        expect(after).toEqual([200, 200, 200, 200, 200]);
      });
    },
  );

  it('counts a decline once however often Stripe delivers it', { timeout }, async () => {
    const env = {
      DONATION_RATE_LIMIT: '1000',
      DONATION_GLOBAL_RATE_LIMIT: '1',
      DONATION_DECLINE_ALARM: '2',
    };
    await withApp(env, async (app) => {
      const tester = '203.0.113.7';
      const setup = await setUp(app, tester);
      const pi = setup.json().clientSecret.split('_secret_')[0]!;
      const declined = standIns.stripe.event(
        'payment_intent.payment_failed',
        standIns.stripe.decline(pi),
      );
      for (let i = 0; i < 3; i++) expect((await deliverEvent(app, declined)).statusCode).toBe(200);
      // One decline, below the alarm: over the ceiling, nobody is refused.
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await setUp(app, tester)).statusCode);
      expect(codes).toEqual([200, 200, 200]);
    });
  });

  it('OJC declines count too', { timeout }, async () => {
    const env = {
      DONATION_RATE_LIMIT: '1000',
      DONATION_GLOBAL_RATE_LIMIT: '1',
      DONATION_DECLINE_ALARM: '1',
    };
    await withApp(env, async (app) => {
      const tester = '203.0.113.6';
      const payment = { amount: 18, donationType: 'onetime', ...donor };
      const created = await setUp(app, tester, '/api/ojc/create-payment', payment);
      expect(created.statusCode).toBe(200);
      expect((await setUp(app, tester, '/api/ojc/create-payment', payment)).statusCode).toBe(200);
      standIns.ojc.answerNext(452);
      const charge = await setUp(
        app,
        tester,
        `/api/ojc/payments/${created.json().payment.paymentId}/charge`,
        { cardNumber: testCard, expiry: testExpiry },
      );
      expect(charge.statusCode).toBe(402);
      // Armed now: this network's first setup over the ceiling goes, the next does not.
      expect((await setUp(app, tester, '/api/ojc/create-payment', payment)).statusCode).toBe(200);
      expect((await setUp(app, tester, '/api/ojc/create-payment', payment)).statusCode).toBe(429);
    });
  });
});
