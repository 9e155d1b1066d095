import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { donations, type Donation } from '~/db/schema';
import type { DatabaseTransaction } from '~/db/client';
import { applyPaymentIntent } from './apply-payment-intent';
import { lockByPaymentIntent } from './donation-rows';
import type { DonationContext } from './context';
import { idOf, laterStatus } from './payment-status';
import type { EventHandler } from './stripe-events';

const eventTime = (event: Stripe.Event) => new Date(event.created * 1000);

/** payment_intent.succeeded / payment_intent.payment_failed: the snapshot, forward only. */
export const onPaymentIntentEvent: EventHandler<
  'payment_intent.succeeded' | 'payment_intent.payment_failed'
> = async (event, ctx) => async (tx) => {
  const pi = event.data.object;
  const donation = await applyPaymentIntent(tx, pi, {
    now: ctx.clock(),
    links: ctx,
    paidAt: eventTime(event),
  });
  // Renewals' PaymentIntents carry no metadata: invoice.paid records them.
  if (!donation) ctx.log.debug({ paymentIntent: pi.id }, 'not a donation row: left to its invoice');
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
  };

/** charge.dispute.created: the donor's bank took the money back pending the dispute. */
export const onDisputeCreated: EventHandler<'charge.dispute.created'> =
  async (event, ctx) => async (tx) => {
    const dispute = event.data.object;
    const paymentIntent = idOf(dispute.payment_intent);
    const row = await lockByPaymentIntent(tx, paymentIntent);
    if (!row) return unknownPayment(ctx, event, paymentIntent);
    ctx.log.warn({ donation: row.id, dispute: dispute.id }, 'a donation is disputed');
    await update(
      tx,
      row,
      { paymentStatus: laterStatus(row.paymentStatus, 'disputed') },
      ctx.clock(),
    );
  };
