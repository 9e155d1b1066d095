import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildTestApp } from '~tests/helpers/app';
import { buildStripeTestApp, deliverEvent } from '~tests/helpers/stripe';
import { startStripeStandIn, type StripeStandIn } from '~tests/helpers/stripe-stand-in';

// What an attacker with 100 addresses gets from card checkout under the site's default limits,
// measured through the API as a proxy forwards it (docs/security.md quotes this table:
// `npx vitest run tests/security/card-testing-measured.test.ts`). Requests go in rounds (each
// address once per round), so the counts do not depend on which request the server saw first.

let stripe: StripeStandIn;
let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  app = await buildStripeTestApp(stripe, {
    TRUST_PROXY: 'loopback',
    // The defaults, written out.
    DONATION_RATE_LIMIT: '5',
    DONATION_GLOBAL_RATE_LIMIT: '60',
    DONATION_DECLINE_ALARM: '10',
  });
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const gift = { amount: 18, name: 'Sarah Cohen', email: 'sarah@example.org' };
const paymentIntents = () => stripe.requestsTo('POST', '/v1/payment_intents').length;

function setUp(visitor: string) {
  return app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: gift,
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': visitor },
  });
}

/** `rounds` setups from each address; what got through, and the PaymentIntents created. */
async function attack(addresses: string[], rounds: number) {
  const before = paymentIntents();
  let passed = 0;
  for (let round = 0; round < rounds; round++) {
    const answers = await Promise.all(addresses.map(setUp));
    passed += answers.filter((a) => a.statusCode === 200).length;
  }
  return {
    passed,
    refused: addresses.length * rounds - passed,
    created: paymentIntents() - before,
  };
}

/** A donor's first setup, from a network the attacker does not hold. */
let donors = 0;
const donorGetsThrough = async () => (await setUp(`192.0.${100 + ++donors}.1`)).statusCode === 200;

const spread = Array.from({ length: 100 }, (_, i) => `198.51.${i}.7`);
const oneNetwork = Array.from({ length: 100 }, (_, i) => `2001:db8:77:${i.toString(16)}::1`);

const rows: Record<string, unknown>[] = [];
async function row(scenario: string, addresses: string[], rounds: number) {
  const got = await attack(addresses, rounds);
  const donor = await donorGetsThrough();
  rows.push({ scenario, tried: addresses.length * rounds, ...got, donor });
  return { ...got, donor };
}
afterAll(() => console.table(rows));

/** Hundreds of requests each: slow on a busy machine, not stuck. */
const timeout = 240_000;

// One scenario after another on one app: each starts where the last one's clock left off.
describe('an attacker with 100 addresses (measured, default limits)', () => {
  it(
    'without declines: each address its own 5 a minute, no ceiling for everyone',
    { timeout },
    async () => {
      expect(await row('100 networks, 6 a minute each, no declines', spread, 6)).toEqual({
        passed: 500,
        refused: 100,
        created: 500,
        donor: true,
      });
    },
  );

  it(
    'while cards are declined: the ceiling, plus one setup per network over it',
    { timeout },
    async () => {
      // 10 declines within 15 minutes arm the ceiling of 60 a minute.
      app.advanceClock(60_000);
      const tested = await setUp('203.0.113.99');
      const pi = (tested.json() as { clientSecret: string }).clientSecret.split('_secret_')[0]!;
      for (let i = 0; i < 10; i++) {
        const declined = stripe.event('payment_intent.payment_failed', stripe.decline(pi));
        expect((await deliverEvent(app, declined)).statusCode).toBe(200);
      }
      // The first minute: 59 under the ceiling (the tested setup took one), then each network's
      // first over it.
      expect(await row('the same, while cards are declined: first minute', spread, 6)).toEqual({
        passed: 159,
        refused: 441,
        created: 159,
        donor: true,
      });
      app.advanceClock(60_000);
      expect(await row('the same, while cards are declined: next minutes', spread, 6)).toEqual({
        passed: 60,
        refused: 540,
        created: 60,
        donor: true,
      });
    },
  );

  it("100 /64s of one /48: that network's 20 a minute", { timeout }, async () => {
    app.advanceClock(15 * 60_000);
    expect(await row('100 /64s of one /48, 6 a minute each', oneNetwork, 6)).toEqual({
      passed: 20,
      refused: 580,
      created: 20,
      donor: true,
    });
  });
});
