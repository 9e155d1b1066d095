import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { donations, stripeSubscriptions, type Donation } from '~/db/schema';
import type { DatabaseTransaction } from '~/db/client';
import { settleCampaignGift } from '~/server/features/campaigns';
import { enqueueMail } from '~/server/services/mail/mail-job';
import {
  recordMembershipNeverPaid,
  recordMembershipOverdue,
  recordMembershipPaid,
} from '~/server/features/membership';
import type { DonationContext } from './context';
import { paymentIntentOfInvoice } from './create-subscription';
import { subscriptionOfInvoice } from './event-versions';
import { manageGiftUrl } from '~/server/services/receipts/manage-link';
import { laterStatus } from './payment-status';
import { enqueueReceiptIfDue } from '~/server/services/receipts/send-receipt';
import type { EventHandler } from './stripe-events';
import { copyDedication } from '~/server/lib/dedication';

/**
 * The PaymentIntent of an invoice. Event payloads leave out `payments`, so it is asked for;
 * the call happens before the event's transaction opens.
 */
async function paymentIntentOf(ctx: DonationContext, invoice: Stripe.Invoice) {
  const known = paymentIntentOfInvoice(invoice);
  if (known) return known;
  const full = await ctx.stripe.invoices.retrieve(invoice.id, { expand: ['payments'] });
  return paymentIntentOfInvoice(full);
}

type Outcome = 'succeeded' | 'failed';

/**
 * One donation row per invoice: the first is written when the subscription is created, each
 * renewal here. Paid and failed both land on the invoice's row, forward only, so a failed try
 * followed by a paid retry ends paid, and a late failure never undoes a payment.
 */
async function recordInvoiceOutcome(
  tx: DatabaseTransaction,
  ctx: DonationContext,
  invoice: Stripe.Invoice,
  subscriptionId: string,
  paymentIntentId: string | null,
  outcome: Outcome,
): Promise<{ donation: Donation; email: string | null; donorName: string | null } | null> {
  const [subscription] = await tx
    .select()
    .from(stripeSubscriptions)
    .where(eq(stripeSubscriptions.id, subscriptionId));
  if (!subscription) {
    ctx.log.info(
      { invoice: invoice.id, subscription: subscriptionId },
      'invoice of an unknown subscription',
    );
    return null;
  }
  const now = ctx.clock();
  const paid = outcome === 'succeeded';
  const amountCents = paid ? invoice.amount_paid : invoice.amount_due;
  const paidAt = invoice.status_transitions.paid_at;
  const donatedAt = paid ? (paidAt ? new Date(paidAt * 1000) : now) : null;
  const email = subscription.email ?? invoice.customer_email;
  const lock = () =>
    tx.select().from(donations).where(eq(donations.stripeInvoiceId, invoice.id)).for('update');

  let [row] = await lock();
  if (!row) {
    // A renewal carries no campaign, team or link: the plan's first charge already counts every
    // month that counts in its campaign (the monthly amount × `recurringMonths`, cut to the
    // payments made, these rows, once the plan ends). Credited again, a renewal would count
    // twice in the thermometer, its team, the analytics and the gifts CSV, and be matched twice.
    await tx
      .insert(donations)
      .values({
        donorName: subscription.donorName,
        email,
        amountCents,
        currency: invoice.currency,
        feeCents: subscription.feeCents < amountCents ? subscription.feeCents : 0,
        donationType: 'subscription',
        paymentMethod: 'stripe',
        paymentStatus: outcome,
        stripePaymentIntentId: paymentIntentId,
        stripeSubscriptionId: subscriptionId,
        stripeInvoiceId: invoice.id,
        ...copyDedication(subscription),
        createdAt: now,
        updatedAt: now,
        donatedAt,
      })
      .onConflictDoNothing();
    [row] = await lock();
  } else {
    const changes: Partial<Donation> = {};
    const status = laterStatus(row.paymentStatus, outcome);
    if (status !== row.paymentStatus) changes.paymentStatus = status;
    if (paid && amountCents > 0 && amountCents !== row.amountCents) {
      changes.amountCents = amountCents;
      if (row.feeCents >= amountCents) changes.feeCents = 0;
    }
    if (paid && !row.donatedAt) changes.donatedAt = donatedAt;
    if (!row.stripePaymentIntentId && paymentIntentId)
      changes.stripePaymentIntentId = paymentIntentId;
    if (!row.email && email) changes.email = email;
    if (!row.donorName && subscription.donorName) changes.donorName = subscription.donorName;
    if (Object.keys(changes).length > 0) {
      [row] = await tx
        .update(donations)
        .set({ ...changes, updatedAt: now })
        .where(eq(donations.id, row.id))
        .returning();
    }
  }
  if (!row) throw new Error(`donation of invoice ${invoice.id} vanished`);
  await settleCampaignGift(tx, row, now);
  await enqueueReceiptIfDue(tx, row, { links: ctx, now });
  if (row.paymentStatus === 'succeeded') {
    await recordMembershipPaid(tx, { stripe: subscriptionId }, row.donatedAt ?? now, now);
  } else if (row.paymentStatus === 'failed' && invoice.billing_reason !== 'subscription_create') {
    await recordMembershipOverdue(tx, { stripe: subscriptionId }, now);
  }
  return { donation: row, email, donorName: subscription.donorName };
}

/** invoice.paid: a monthly charge went through, the first or a renewal. */
export const onInvoicePaid: EventHandler<'invoice.paid'> = async (event, ctx, shape) => {
  const invoice = event.data.object;
  const subscriptionId = subscriptionOfInvoice(invoice, shape);
  if (!subscriptionId || invoice.amount_paid <= 0) return async () => {};
  const paymentIntentId = await paymentIntentOf(ctx, invoice);
  return async (tx) => {
    await recordInvoiceOutcome(tx, ctx, invoice, subscriptionId, paymentIntentId, 'succeeded');
  };
};

/**
 * invoice.payment_failed: a charge was declined. For a renewal the donor is emailed a way to
 * pay with another card (once per invoice, however often Stripe retries): Stripe's hosted
 * invoice page for this month, and the manage link to change the card on file; the office is
 * told too (once per invoice). The first charge's donor is still on the checkout page and sees
 * the error there.
 */
export const onInvoicePaymentFailed: EventHandler<'invoice.payment_failed'> = async (
  event,
  ctx,
  shape,
) => {
  const invoice = event.data.object;
  const subscriptionId = subscriptionOfInvoice(invoice, shape);
  if (!subscriptionId || invoice.amount_due <= 0) return async () => {};
  const paymentIntentId = await paymentIntentOf(ctx, invoice);
  return async (tx) => {
    const recorded = await recordInvoiceOutcome(
      tx,
      ctx,
      invoice,
      subscriptionId,
      paymentIntentId,
      'failed',
    );
    if (!recorded || invoice.billing_reason === 'subscription_create') return;
    if (recorded.donation.paymentStatus !== 'failed') return;
    if (recorded.email) {
      await enqueueMail(tx, {
        key: `invoice:${invoice.id}:payment-failed`,
        to: recorded.email,
        template: 'donation-payment-failed',
        data: {
          donorName: recorded.donorName,
          amountCents: invoice.amount_due,
          currency: invoice.currency,
          payUrl: invoice.hosted_invoice_url ?? null,
          manageUrl: manageGiftUrl(ctx, subscriptionId, ctx.clock()),
        },
      });
    }
    await enqueueMail(tx, {
      key: `invoice:${invoice.id}:payment-failed:office`,
      to: ctx.officeEmail,
      template: 'donation-renewal-failed-office',
      data: {
        donationId: recorded.donation.id,
        donorName: recorded.donorName,
        email: recorded.email,
        amountCents: invoice.amount_due,
        currency: invoice.currency,
        subscriptionId,
        invoiceId: invoice.id,
        nextAttemptAt: invoice.next_payment_attempt
          ? new Date(invoice.next_payment_attempt * 1000).toISOString()
          : null,
        donorTold: Boolean(recorded.email),
      },
    });
  };
};

/**
 * invoice.voided: the invoice will never be paid. Its donation, if one is recorded and not
 * paid, has failed for good. Voiding a first invoice (Stripe does when a monthly gift's first
 * payment is never made and the subscription expires) also ends the membership it was to
 * start. A renewal's voided invoice leaves the membership to the subscription's own events.
 */
export const onInvoiceVoided: EventHandler<'invoice.voided'> = async (event, ctx, shape) => {
  const invoice = event.data.object;
  const subscriptionId = subscriptionOfInvoice(invoice, shape);
  return async (tx) => {
    const now = ctx.clock();
    const [row] = await tx
      .select()
      .from(donations)
      .where(eq(donations.stripeInvoiceId, invoice.id))
      .for('update');
    if (row) {
      const status = laterStatus(row.paymentStatus, 'failed');
      if (status !== row.paymentStatus) {
        await tx
          .update(donations)
          .set({ paymentStatus: status, updatedAt: now })
          .where(eq(donations.id, row.id));
      }
    }
    if (subscriptionId && invoice.billing_reason === 'subscription_create') {
      await recordMembershipNeverPaid(tx, { stripe: subscriptionId }, now);
    }
  };
};
