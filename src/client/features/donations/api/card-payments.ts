import { donationsApi } from '~/shared/api/donations';
import type { PaymentSetupInput, RecordDonationInput } from '~/shared/schemas/donations';
import type { DonationType } from '~/shared/domain';
import { contractOf, getJson, postJson } from '~/client/lib/api';

/** Answers are checked in development and tests only (lib/api.ts). */
const contracts = import.meta.env.DEV ? () => import('~/shared/schemas/donations') : null;

/** GET /api/stripe-config: what the checkout needs to load Stripe.js, never a secret. */
export function getStripeConfig() {
  return getJson(
    donationsApi.stripeConfig,
    contractOf(contracts, (m) => m.stripeConfigResponse),
  );
}

/** Sets up a one-time gift (a PaymentIntent) or a monthly one (a Subscription). */
export function setUpCardPayment(kind: DonationType, setup: PaymentSetupInput) {
  const route =
    kind === 'subscription' ? donationsApi.createSubscription : donationsApi.createPaymentIntent;
  return postJson(
    route,
    setup,
    contractOf(contracts, (m) => m.clientSecretResponse),
  );
}

/** Tells the server a payment went through; it asks Stripe and records what Stripe says. */
export function recordDonation(payload: RecordDonationInput) {
  return postJson(
    donationsApi.recordDonation,
    payload,
    contractOf(contracts, (m) => m.recordDonationResponse),
  );
}
