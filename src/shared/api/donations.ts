/** Card gifts through Stripe (src/shared/route.ts). */
export const donationsApi = {
  createPaymentIntent: 'POST /api/create-payment-intent',
  createSubscription: 'POST /api/create-subscription',
  recordDonation: 'POST /api/record-donation',
  stripeConfig: 'GET /api/stripe-config',
  verifyPayment: 'POST /api/stripe/verify-payment/:paymentId',
  webhook: 'POST /api/stripe/webhook',
  manage: 'GET /api/stripe/manage',
  portalSession: 'POST /api/stripe/portal-session',
} as const;
