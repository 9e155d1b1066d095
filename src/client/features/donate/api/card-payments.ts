import { getJson, postJson } from '../../../lib/api';

/** GET /api/stripe-config: what the checkout needs to load Stripe.js, never a secret. */
export interface StripeConfig {
  configured: boolean;
  mode: 'test' | 'live' | null;
  publishableKey: string | null;
  apiVersion: string;
  settings: { secretKey: boolean; publishableKey: boolean; webhookSecret: boolean };
  limits: { minDollars: number; maxDollars: number };
  fee: { percent: number; fixedCents: number };
}

export function getStripeConfig() {
  return getJson<StripeConfig>('/api/stripe-config');
}

export interface PaymentSetup {
  /** Whole dollars: the gift before any covered fee. */
  amount: number;
  name: string;
  email: string;
  dedication: { kind: 'honor' | 'memory'; name: string } | null;
  coverFee: boolean;
  /** One per checkout attempt: a double submit sets up one payment. */
  idempotencyKey: string;
  /** The honeypot: people leave it empty. */
  website: string;
  /** The membership this monthly gift pays for (the /join confirmation's signed token). */
  membership?: string;
}

/** Sets up a one-time gift (a PaymentIntent) or a monthly one (a Subscription). */
export function setUpCardPayment(kind: 'onetime' | 'subscription', setup: PaymentSetup) {
  const path = kind === 'subscription' ? '/api/create-subscription' : '/api/create-payment-intent';
  return postJson<{ clientSecret: string }>(path, setup);
}

export interface RecordDonation {
  stripePaymentId: string;
  name?: string;
  email?: string;
  /** What the browser believes, in cents (spec 3); the server records Stripe's figure. */
  amount?: number;
  donationType?: 'onetime' | 'subscription';
}

/** Tells the server a payment went through; it asks Stripe and records what Stripe says. */
export function recordDonation(payload: RecordDonation) {
  return postJson<{ success: boolean }>('/api/record-donation', payload);
}
