import { AppError } from '~/server/errors';
import { applyPaymentIntent, type DonorDetails } from './apply-payment-intent';
import type { DonationContext } from './context';
import { retrievePaymentIntent, unknownPaymentMessage } from './retrieve-payment-intent';

export interface RecordDonationInput {
  stripePaymentId: string;
  donor: DonorDetails;
  /** What the browser says it paid, in cents: logged when it differs, never stored. */
  claimedAmountCents: number | null;
}

/**
 * The checkout's "the payment went through": the server asks Stripe and records what Stripe
 * says. An unknown PaymentIntent (or one that is not a donation of this site) is 404, an
 * unpaid one 409; calling again changes nothing.
 */
export async function recordDonation(ctx: DonationContext, input: RecordDonationInput) {
  const { pi, disputes } = await retrievePaymentIntent(ctx, input.stripePaymentId);
  if (pi.status !== 'succeeded') {
    throw new AppError(
      'conflict',
      'This payment has not been completed, so there is no donation to record yet.',
    );
  }
  const donation = await ctx.db.transaction((tx) =>
    applyPaymentIntent(tx, pi, { now: ctx.clock(), links: ctx, donor: input.donor, disputes }),
  );
  if (!donation) throw new AppError('not_found', unknownPaymentMessage);
  if (input.claimedAmountCents !== null && input.claimedAmountCents !== pi.amount_received) {
    ctx.log.warn(
      {
        paymentIntent: pi.id,
        claimedCents: input.claimedAmountCents,
        confirmedCents: pi.amount_received,
      },
      'record-donation: the browser reported another amount than Stripe; Stripe’s is recorded',
    );
  }
  return donation;
}
