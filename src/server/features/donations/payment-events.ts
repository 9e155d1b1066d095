import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { donations, type Donation } from '~/db/schema';
import type { DatabaseTransaction } from '~/db/client';
import { settleCampaignGift } from '~/server/features/campaigns';
import { recordMembershipNeverPaid } from '~/server/features/membership';
import { applyPaymentIntent } from './apply-payment-intent';
import { lockByPaymentIntent } from './donation-rows';
import type { DonationContext } from './context';
import { idOf, laterStatus } from './payment-status';
import { readPaymentAtStripe } from './retrieve-payment-intent';
import type { EventHandler } from './stripe-events';

const eventTime = (event: Stripe.Event) => new Date(event.created * 1000);

/**
 * payment_intent.succeeded / .payment_failed / .canceled: the snapshot, forward only. A
 * canceled PaymentIntent (a monthly gift's first payment never made: Stripe cancels it when the
 * subscription expires, about a day later) fails its donation for good, and ends the pending
 * membership that payment was to start.
 */
export const onPaymentIntentEvent: EventHandler<
  'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.canceled'
> = async (event, ctx) => async (tx) => {
  const pi = event.data.object;
  const donation = await applyPaymentIntent(tx, pi, {
    now: ctx.clock(),
    links: ctx,
    paidAt: eventTime(event),
  });
  // Renewals' PaymentIntents carry no metadata: invoice.paid records them.
  if (!donation) {
    ctx.log.debug({ paymentIntent: pi.id }, 'not a donation row: left to its invoice');
    return;
  }
  if (pi.status === 'canceled' && donation.stripeSubscriptionId) {
    await recordMembershipNeverPaid(tx, { stripe: donation.stripeSubscriptionId }, ctx.clock());
  }
};

async function update(
  tx: DatabaseTransaction,
  row: Donation,
  changes: Partial<Donation>,
  now: Date,
) {
  await tx
    .update(donations)
    .set({ ...changes, updatedAt: now })
    .where(eq(donations.id, row.id));
}

function unknownPayment(ctx: DonationContext, event: Stripe.Event, paymentIntent: string | null) {
  // Late-arriving: invoice.paid of a renewal may not have come yet. Stripe's object stays the
  // truth and the admin's verify reads it again.
  ctx.log.info(
    { event: event.id, type: event.type, paymentIntent },
    'event for an unknown payment',
  );
}

/** charge.refunded: a whole refund marks the donation refunded; any refund is counted. */
export const onChargeRefunded: EventHandler<'charge.refunded'> =
  async (event, ctx) => async (tx) => {
    const charge = event.data.object;
    const paymentIntent = idOf(charge.payment_intent);
    const row = await lockByPaymentIntent(tx, paymentIntent);
    if (!row) return unknownPayment(ctx, event, paymentIntent);
    const changes: Partial<Donation> = {};
    if (charge.amount_refunded > row.refundedCents) changes.refundedCents = charge.amount_refunded;
    if (charge.refunded) changes.paymentStatus = laterStatus(row.paymentStatus, 'refunded');
    if (!row.donatedAt) changes.donatedAt = new Date(charge.created * 1000);
    await update(tx, row, changes, ctx.clock());
    await settleCampaignGift(tx, { ...row, ...changes }, ctx.clock());
  };

/**
 * charge.dispute.created / .funds_withdrawn / .funds_reinstated / .closed: the payment and its
 * disputes are read from Stripe again (before the transaction) and applied as the admin's
 * verify applies them, so the two agree and the order the events come in does not matter. Open
 * or lost, the donation is disputed (its money is not counted); won, or an inquiry that never
 * took the money, it is succeeded again (payment-status.ts).
 */
export const onDisputeEvent: EventHandler<
  | 'charge.dispute.created'
  | 'charge.dispute.funds_withdrawn'
  | 'charge.dispute.funds_reinstated'
  | 'charge.dispute.closed'
> = async (event, ctx) => {
  const dispute = event.data.object;
  const paymentIntent = idOf(dispute.payment_intent);
  if (!paymentIntent) return async () => unknownPayment(ctx, event, null);
  const { pi, disputes } = await readPaymentAtStripe(ctx, paymentIntent);
  return async (tx) => {
    const before = await lockByPaymentIntent(tx, paymentIntent);
    const donation = await applyPaymentIntent(tx, pi, { now: ctx.clock(), links: ctx, disputes });
    if (!donation) return unknownPayment(ctx, event, paymentIntent);
    const fields = {
      donation: donation.id,
      dispute: dispute.id,
      disputeStatus: disputes.find((d) => d.id === dispute.id)?.status ?? dispute.status,
    };
    if (donation.paymentStatus === 'disputed' && before?.paymentStatus !== 'disputed') {
      ctx.log.warn(fields, 'a donation is disputed');
    } else if (before?.paymentStatus === 'disputed' && donation.paymentStatus !== 'disputed') {
      ctx.log.info(fields, 'a dispute was decided for us: the donation counts again');
    }
  };
};
