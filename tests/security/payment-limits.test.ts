import { describe, expect, it } from 'vitest';
import type { TestApp } from '~tests/helpers/app';
import { donor } from '~tests/helpers/ojc';
import { deliverEvent } from '~tests/helpers/stripe';
import { setUpPaymentStandIns } from '~tests/helpers/payment-stand-ins';

// The limits on payment setups: one visitor's setups share one count across
// card and OJC, and the ceiling for everyone counts only setups that passed the visitor's own
// limit and validation, so one address sending junk cannot close checkout for the others. The
// ceiling refuses only while cards are being declined (tests/security/card-testing.test.ts).

const standIns = setUpPaymentStandIns();

const card = { amount: 18 };
const ojcGift = { amount: 18, donationType: 'onetime', ...donor };

function send(app: TestApp, url: string, payload: object, ip: string) {
  return app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}

async function withApp(limits: Record<string, string>, run: (app: TestApp) => Promise<void>) {
  const app = await standIns.buildApp(limits);
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

describe('payment setup limits', () => {
  it("count one visitor's card and OJC setups together", async () => {
    await withApp({ DONATION_RATE_LIMIT: '3' }, async (app) => {
      const ip = '203.0.113.30';
      const codes = [
        (await send(app, '/api/create-payment-intent', card, ip)).statusCode,
        (await send(app, '/api/create-subscription', card, ip)).statusCode,
        (await send(app, '/api/ojc/create-payment', ojcGift, ip)).statusCode,
        (await send(app, '/api/create-payment-intent', card, ip)).statusCode,
        (await send(app, '/api/ojc/create-payment', ojcGift, ip)).statusCode,
      ];
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      // Another visitor is not affected.
      expect((await send(app, '/api/create-payment-intent', card, '203.0.113.31')).statusCode).toBe(
        200,
      );
    });
  });

  it("do not let one address's refused or invalid requests close checkout for everyone", async () => {
    await withApp({ DONATION_RATE_LIMIT: '5', DONATION_GLOBAL_RATE_LIMIT: '10' }, async (app) => {
      const attacker = '198.51.100.66';
      for (let i = 0; i < 61; i++) {
        const res = await send(app, '/api/create-payment-intent', { amount: 0 }, attacker);
        expect([400, 429]).toContain(res.statusCode);
      }
      for (let i = 0; i < 20; i++) {
        await send(app, '/api/ojc/create-payment', { amount: 0 }, attacker);
        await send(app, '/api/ojc/payments/not-a-payment/charge', {}, attacker);
      }
      const donorRes = await send(app, '/api/create-payment-intent', card, '192.0.2.44');
      expect(donorRes.statusCode, donorRes.body).toBe(200);
      const ojcDonor = await send(app, '/api/ojc/create-payment', ojcGift, '192.0.2.45');
      expect(ojcDonor.statusCode, ojcDonor.body).toBe(200);
    });
  });

  it('still close for everyone once valid setups from many addresses pass the ceiling while cards are declined', async () => {
    await withApp({ DONATION_GLOBAL_RATE_LIMIT: '3', DONATION_DECLINE_ALARM: '1' }, async (app) => {
      const tested = await send(app, '/api/create-payment-intent', card, '198.51.100.1');
      const pi = (tested.json() as { clientSecret: string }).clientSecret.split('_secret_')[0]!;
      const declined = standIns.stripe.event(
        'payment_intent.payment_failed',
        standIns.stripe.decline(pi),
      );
      expect((await deliverEvent(app, declined)).statusCode).toBe(200);
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        codes.push(
          (await send(app, '/api/create-payment-intent', card, `192.0.2.${i}`)).statusCode,
        );
      }
      // The third is over the ceiling, but its network's first over it (ADR 046); then refusals.
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    });
  });
});
