/** Card gifts through Stripe (src/shared/route.ts). */
export const donationsApi = {
  /**
   * `{amount, name, email, dedication, coverFee, idempotencyKey}`: a one-time card gift →
   * `{clientSecret}`.
   * @caller public
   */
  createPaymentIntent: 'POST /api/create-payment-intent',
  /**
   * The same for a monthly card gift (Customer + Subscription) → `{clientSecret}`.
   * @caller public
   */
  createSubscription: 'POST /api/create-subscription',
  /**
   * `{stripePaymentId, …}`: the server asks Stripe and records what Stripe reports.
   * @caller public
   */
  recordDonation: 'POST /api/record-donation',
  /**
   * Publishable key, mode, which settings are set, limits, fee (never a secret; `no-store`).
   * @caller public
   */
  stripeConfig: 'GET /api/stripe-config',
  /**
   * Re-check a payment with its provider (Stripe) and update its status.
   * @caller admin
   */
  verifyPayment: 'POST /api/stripe/verify-payment/:paymentId',
  /**
   * Stripe's events, signature checked on the raw body, each applied once.
   * @caller public
   */
  webhook: 'POST /api/stripe/webhook',
  /**
   * A monthly card gift by its receipt's signed link (`?token=`).
   * @caller public
   */
  manage: 'GET /api/stripe/manage',
  /**
   * `{token}`: a Stripe customer-portal session for that gift → `{url}`.
   * @caller public
   */
  portalSession: 'POST /api/stripe/portal-session',
} as const;
