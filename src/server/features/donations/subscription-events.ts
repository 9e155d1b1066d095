import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { donations, stripeSubscriptions } from '~/db/schema';
import { settleEndedPlan } from '~/server/features/campaigns';
import { announceGiftCancelled } from '~/server/services/announcements/donation-events';
import {
  recordMembershipAmount,
  recordMembershipEnded,
  recordMembershipNeverPaid,
  recordMembershipOverdue,
} from '~/server/features/membership';
import type { EventHandler } from './stripe-events';

/** Stripe's statuses a subscription never leaves. */
const ended = new Set<string>(['canceled', 'incomplete_expired']);

/**
 * customer.subscription.updated / .deleted: the subscription's status from the event's
 * snapshot. An event older than the one that set the stored status is skipped, and an ended
 * subscription stays ended (Stripe cannot revive one). `incomplete_expired` (the first payment
 * was not made within about a day) fails the first charge's pending donation and ends the
 * pending membership it was to start.
 */
export const onSubscriptionEvent: EventHandler<
  'customer.subscription.updated' | 'customer.subscription.deleted'
> = async (event, ctx) => async (tx) => {
  const subscription = event.data.object;
  const [row] = await tx
    .select()
    .from(stripeSubscriptions)
    .where(eq(stripeSubscriptions.id, subscription.id))
    .for('update');
  if (!row) {
    ctx.log.info({ subscription: subscription.id }, 'event for an unknown subscription');
    return;
  }
  const eventAt = new Date(event.created * 1000);
  if (ended.has(row.status) && subscription.status !== row.status) return;
  if (row.statusEventAt && eventAt < row.statusEventAt) return;
  const amountCents = monthlyAmountOf(subscription);
  const amountChanged = amountCents !== null && amountCents !== row.amountCents;
  await tx
    .update(stripeSubscriptions)
    .set({
      ...(amountChanged ? { amountCents } : {}),
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      canceledAt: subscription.canceled_at ? new Date(subscription.canceled_at * 1000) : null,
      statusEventAt: eventAt,
      updatedAt: ctx.clock(),
    })
    .where(eq(stripeSubscriptions.id, row.id));
  if (amountChanged && subscription.status !== 'canceled') {
    await recordMembershipAmount(tx, { stripe: row.id }, amountCents, ctx.tiers, ctx.clock());
  }
  if (subscription.status === 'canceled' && row.status !== 'canceled') {
    await recordMembershipEnded(tx, { stripe: row.id }, ctx.clock());
    await settleEndedPlan(tx, { stripe: row.id }, ctx.clock());
    await announceGiftCancelled(tx, row, 'stripe', eventAt);
  } else if (subscription.status === 'incomplete_expired') {
    await tx
      .update(donations)
      .set({ paymentStatus: 'failed', updatedAt: ctx.clock() })
      .where(
        and(eq(donations.stripeSubscriptionId, row.id), eq(donations.paymentStatus, 'pending')),
      );
    await recordMembershipNeverPaid(tx, { stripe: row.id }, ctx.clock());
  } else if (subscription.status === 'past_due' || subscription.status === 'unpaid') {
    await recordMembershipOverdue(tx, { stripe: row.id }, ctx.clock());
  }
};

/** What the subscription charges each month, in cents: its items' prices times quantities. */
function monthlyAmountOf(subscription: Stripe.Subscription): number | null {
  let total = 0;
  for (const item of subscription.items?.data ?? []) {
    if (item.price.unit_amount === null) return null;
    total += item.price.unit_amount * (item.quantity ?? 1);
  }
  return total > 0 ? total : null;
}
