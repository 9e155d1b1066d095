import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { donations } from '~/db/schema';
import type { Env } from '~/server/env';
import type { signIn } from './admin';
import { buildTestApp, type TestApp } from './app';
import { setUpStandInApp } from './stand-in-app';
import { startStripeStandIn, type StripeEventPayload, type StripeStandIn } from './stripe-stand-in';

export const testWebhookSecret = 'whsec_standin_secret';
export const testPublishableKey = 'pk_test_standin';

export type StripeTestApp = TestApp;

/** The settings of card payments against the stand-in (or another `STRIPE_API_BASE`). */
export function stripeTestEnv(standIn: Pick<StripeStandIn, 'url' | 'secretKey'>) {
  return {
    STRIPE_SECRET_KEY: standIn.secretKey,
    STRIPE_PUBLISHABLE_KEY: testPublishableKey,
    STRIPE_WEBHOOK_SECRET: testWebhookSecret,
    STRIPE_API_BASE: standIn.url,
  };
}

/** The app with card payments configured against the stand-in (or another `STRIPE_API_BASE`). */
export function buildStripeTestApp(
  standIn: Pick<StripeStandIn, 'url' | 'secretKey'>,
  overrides: Partial<Record<keyof Env, string>> = {},
) {
  return buildTestApp({
    ...stripeTestEnv(standIn),
    DONATION_RATE_LIMIT: '1000',
    DONATION_GLOBAL_RATE_LIMIT: '1000',
    ...overrides,
  });
}

/**
 * Delivers an event to the webhook as Stripe does: JSON signed with the endpoint's secret, at
 * the app's time unless `timestamp` says otherwise (so a test that moves the clock can still
 * deliver events).
 */
export function deliverEvent(
  app: StripeTestApp,
  event: StripeEventPayload,
  {
    secret = testWebhookSecret,
    timestamp = Math.floor(app.clock().getTime() / 1000),
  }: { secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
}

/** Runs the outbox until nothing is due: the mail the test expects is then in `sentMail`. */
export async function drainOutbox(app: StripeTestApp) {
  while ((await app.jobWorker.runOnce()) > 0) {
    // until the queue has nothing due
  }
}

/**
 * A test file's Stripe stand-in and app, started before its tests and closed after them, with
 * the checkout's first steps, and an admin signed in to it when `admin` gives the account's
 * options. Read `app`, `standIn` and `admin` inside tests (they exist once `beforeAll` has run).
 */
export function setUpStripeTestApp(
  overrides: Partial<Record<keyof Env, string>> = {},
  { admin }: { admin?: Parameters<typeof signIn>[1] } = {},
) {
  const base = setUpStandInApp({
    kit: 'setUpStripeTestApp',
    start: startStripeStandIn,
    build: (standIn) => buildStripeTestApp(standIn, overrides),
    admin,
  });

  /** A payment set up as the checkout does: the PaymentIntent whose secret the browser gets. */
  async function setUpPayment(url: string, payload: Record<string, unknown>) {
    const res = await fixture.app.inject({ method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(200);
    return fixture.standIn.intentOfClientSecret(res.json().clientSecret);
  }

  const fixture = Object.assign(base, {
    /** The checkout's first step for a one-time gift. */
    startCheckout: (payload: Record<string, unknown>) =>
      setUpPayment('/api/create-payment-intent', payload),
    /** A monthly gift set up and waiting for its first payment. */
    async startMonthly(payload: Record<string, unknown>) {
      const pi = await setUpPayment('/api/create-subscription', payload);
      const row = await fixture.donationOf(pi.id);
      return { pi, subscriptionId: row.stripeSubscriptionId!, invoiceId: row.stripeInvoiceId! };
    },
    /** A monthly gift's first invoice paid, and Stripe's word of it delivered to the webhook. */
    async payFirstInvoice({ pi, invoiceId }: { pi: { id: string }; invoiceId: string }) {
      fixture.standIn.pay(pi.id);
      const res = await deliverEvent(
        fixture.app,
        fixture.standIn.event('invoice.paid', fixture.standIn.invoice(invoiceId)),
      );
      expect(res.statusCode, res.body).toBe(200);
    },
    /** The browser's report of a payment Stripe confirmed, as the checkout sends it. */
    recordDonation: (payload: Record<string, unknown>) =>
      fixture.app.inject({ method: 'POST', url: '/api/record-donation', payload }),
    /** The donation row of a PaymentIntent. */
    async donationOf(paymentIntentId: string) {
      const [row] = await fixture.app.database.db
        .select()
        .from(donations)
        .where(eq(donations.stripePaymentIntentId, paymentIntentId));
      if (!row) throw new Error(`no donation row for ${paymentIntentId}`);
      return row;
    },
  });
  return fixture;
}
