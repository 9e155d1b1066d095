import type Stripe from 'stripe';
import { AppError } from '../../errors';
import type { DonationContext } from './context';
import { isMissingResource, stripeErrorFields, stripeFailure } from './stripe-client';

export const unknownPaymentMessage = 'We could not find this payment.';

/** Stripe's current PaymentIntent, with its charge (refunds, disputes); 404 if Stripe has none. */
export async function retrievePaymentIntent(
  ctx: DonationContext,
  paymentIntentId: string,
): Promise<Stripe.PaymentIntent> {
  try {
    return await ctx.stripe.paymentIntents.retrieve(paymentIntentId, {
      expand: ['latest_charge'],
    });
  } catch (error) {
    if (isMissingResource(error)) throw new AppError('not_found', unknownPaymentMessage);
    ctx.log.warn(stripeErrorFields(error), 'retrieving a PaymentIntent failed');
    throw stripeFailure(error);
  }
}
