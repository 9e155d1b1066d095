import type { Env } from '~/server/env';
import type { CheckoutMethod, DonationType } from '~/shared/domain';

/**
 * The methods that can take money with these settings, for a one-time or a monthly gift: card
 * when Stripe's keys are set; OJC when its account is, and for a monthly gift also the key that
 * seals the card for the next months. Pages offer only these, so no donor fills in a form that
 * cannot work.
 */
export function offeredCheckoutMethods(env: Env, type: DonationType): CheckoutMethod[] {
  const methods: CheckoutMethod[] = [];
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY) methods.push('credit_card');
  const ojc = env.OJC_USERNAME && env.OJC_PASSWORD && env.OJC_ORG_ID;
  if (ojc && (type === 'onetime' || env.OJC_CARD_ENCRYPTION_KEY)) methods.push('ojc');
  return methods;
}
