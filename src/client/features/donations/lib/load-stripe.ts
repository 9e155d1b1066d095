import { loadStripe } from '@stripe/stripe-js/pure';

/**
 * Stripe.js from Stripe's own host (never bundled: PCI), loaded only when the checkout asks.
 * `@stripe/stripe-js` pins the Stripe.js release (`endive`) that matches the server's API
 * version (`2026-10-28.endive`, src/server/features/donations/stripe-client.ts).
 */
export function loadStripeJs(publishableKey: string) {
  return loadStripe(publishableKey);
}
