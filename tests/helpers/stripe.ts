import Stripe from 'stripe';
import type { Env } from '../../src/server/env';
import { buildTestApp } from './app';
import type { StripeEventPayload, StripeStandIn } from './stripe-stand-in';

export const testWebhookSecret = 'whsec_standin_secret';
export const testPublishableKey = 'pk_test_standin';

export type StripeTestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** The app with card payments configured against the stand-in (or another `STRIPE_API_BASE`). */
export function buildStripeTestApp(
  standIn: Pick<StripeStandIn, 'url' | 'secretKey'>,
  overrides: Partial<Record<keyof Env, string>> = {},
) {
  return buildTestApp({
    STRIPE_SECRET_KEY: standIn.secretKey,
    STRIPE_PUBLISHABLE_KEY: testPublishableKey,
    STRIPE_WEBHOOK_SECRET: testWebhookSecret,
    STRIPE_API_BASE: standIn.url,
    DONATION_RATE_LIMIT: '1000',
    DONATION_GLOBAL_RATE_LIMIT: '1000',
    ...overrides,
  });
}

/** Delivers an event to the webhook as Stripe does: JSON signed with the endpoint's secret. */
export function deliverEvent(
  app: StripeTestApp,
  event: StripeEventPayload,
  { secret = testWebhookSecret, timestamp }: { secret?: string; timestamp?: number } = {},
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
