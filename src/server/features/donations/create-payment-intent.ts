import { coverFeeCents } from '~/shared/money';
import type { DonationSetupInput } from '~/shared/schemas/donations';
import type { GiftSetup } from './donation-metadata';
import { AppError } from '~/server/errors';
import { CURRENCY } from '~/shared/money';
import { refuseOneTimeMembership } from '~/server/features/membership';
import type { DonationContext } from './context';
import { donationMetadata } from './donation-metadata';
import { insertPendingCardDonation } from './donation-rows';
import { stripeErrorFields, stripeFailure, unreachableMessage } from './stripe-client';

/** The gift and the optional fee on top, in cents. */
export function chargeOf(input: DonationSetupInput, ctx: DonationContext) {
  const giftCents = input.amount * 100;
  const feeCents = input.coverFee ? coverFeeCents(giftCents, ctx.fee) : 0;
  return { giftCents, feeCents, totalCents: giftCents + feeCents };
}

/**
 * The Stripe idempotency key of one setup step. The checkout sends one key per page; the step
 * name keeps the keys of different calls apart. Without a key from the browser, the SDK makes a
 * random one per call (safe retries, but a double submit then sets up two payments; only one is
 * ever confirmed by the browser).
 */
export function setupKey(step: string, key: string | undefined) {
  return key ? `donation:${step}:${key}` : undefined;
}

/**
 * A one-time gift: a PaymentIntent for the amount (plus the fee if the donor covers it) and a
 * pending donation row. The browser confirms the payment with the client secret; the webhook
 * and record-donation then record what Stripe confirms.
 */
export async function createPaymentIntent(ctx: DonationContext, input: GiftSetup) {
  refuseOneTimeMembership(input.membership);
  const { feeCents, totalCents } = chargeOf(input, ctx);
  let pi;
  try {
    pi = await ctx.stripe.paymentIntents.create(
      {
        amount: totalCents,
        currency: CURRENCY,
        automatic_payment_methods: { enabled: true },
        description: `Donation to ${ctx.siteName}`,
        metadata: donationMetadata('onetime', input, feeCents),
      },
      { idempotencyKey: setupKey('payment-intent', input.idempotencyKey) },
    );
  } catch (error) {
    ctx.log.warn(stripeErrorFields(error), 'creating a PaymentIntent failed');
    throw stripeFailure(error);
  }
  if (!pi.client_secret) throw new AppError('bad_gateway', unreachableMessage);
  await insertPendingCardDonation(
    ctx.db,
    input,
    { feeCents, totalCents },
    { paymentIntentId: pi.id },
    ctx.clock(),
  );
  return { clientSecret: pi.client_secret };
}
