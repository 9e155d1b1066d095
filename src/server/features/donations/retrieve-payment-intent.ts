import type Stripe from 'stripe';
import { AppError } from '~/server/errors';
import type { DonationContext } from './context';
import { isMissingResource, stripeErrorFields, stripeFailure } from './stripe-client';

export const unknownPaymentMessage = 'We could not find this payment.';

/** A payment as Stripe has it now: the PaymentIntent with its charge, and its disputes. */
export interface PaymentAtStripe {
  pi: Stripe.PaymentIntent;
  /**
   * The PaymentIntent's disputes with their current status, when its charge is disputed (empty
   * otherwise). `charge.disputed` stays true after a dispute is won: only these tell.
   */
  disputes: Stripe.Dispute[];
}

/**
 * Reads a payment from Stripe: the PaymentIntent (refunds on its expanded charge) and, for a
 * disputed charge, its disputes. Stripe's errors are thrown as they are (a webhook handler's
 * failure answers 500 and Stripe retries).
 */
export async function readPaymentAtStripe(
  ctx: Pick<DonationContext, 'stripe'>,
  paymentIntentId: string,
): Promise<PaymentAtStripe> {
  const pi = await ctx.stripe.paymentIntents.retrieve(paymentIntentId, {
    expand: ['latest_charge'],
  });
  const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  if (!charge?.disputed) return { pi, disputes: [] };
  // A charge has one dispute, rarely more; a page of 10 holds them all.
  const disputes = await ctx.stripe.disputes.list({ payment_intent: pi.id, limit: 10 });
  return { pi, disputes: disputes.data };
}

/** Stripe's current payment for a donor's or an admin's request; 404 if Stripe has none. */
export async function retrievePaymentIntent(
  ctx: DonationContext,
  paymentIntentId: string,
): Promise<PaymentAtStripe> {
  try {
    return await readPaymentAtStripe(ctx, paymentIntentId);
  } catch (error) {
    if (isMissingResource(error)) throw new AppError('not_found', unknownPaymentMessage);
    ctx.log.warn(stripeErrorFields(error), 'retrieving a PaymentIntent failed');
    throw stripeFailure(error);
  }
}
