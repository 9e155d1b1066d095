import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import { donations, stripeSubscriptions, type Donation } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { settleCampaignGift } from '~/server/features/campaigns';
import { recordMembershipPaid } from '~/server/features/membership';
import { readDonationMetadata } from './donation-metadata';
import { lockByPaymentIntent } from './donation-rows';
import type { ManageLinks } from '~/server/services/receipts/manage-link';
import { statusAfterStripe, statusOfPaymentIntent } from './payment-status';
import { enqueueReceiptIfDue } from '~/server/services/receipts/send-receipt';

export interface DonorDetails {
  name: string | null;
  email: string | null;
}

export interface ApplyOptions {
  now: Date;
  /** Signs the manage link of a monthly gift's receipt. */
  links: ManageLinks;
  /** When Stripe says the payment happened, if the PaymentIntent's charge is not expanded. */
  paidAt?: Date;
  /** Name and email from the donor's checkout form: they fill blanks, never replace. */
  donor?: DonorDetails;
  /**
   * The PaymentIntent's disputes as Stripe has them now (readPaymentAtStripe), when they were
   * read. Only with them can a disputed donation return to succeeded (a won dispute).
   */
  disputes?: readonly Stripe.Dispute[];
}

/** The donation row of a site-made one-time PaymentIntent whose own row is missing. */
async function insertFromMetadata(tx: DatabaseExecutor, pi: Stripe.PaymentIntent) {
  const described = readDonationMetadata(pi.metadata);
  if (!described || described.donationType !== 'onetime') return undefined;
  await tx
    .insert(donations)
    .values({
      ...described,
      feeCents: described.feeCents < pi.amount ? described.feeCents : 0,
      amountCents: pi.amount,
      currency: pi.currency,
      paymentMethod: 'stripe',
      stripePaymentIntentId: pi.id,
    })
    .onConflictDoNothing();
  return lockByPaymentIntent(tx, pi.id);
}

/**
 * Brings the donation of a PaymentIntent in line with what Stripe reports: status (forward
 * only, but back from disputed when the disputes read with it were decided for us), the amount and currency actually received, refunds, the time of payment. Used by the
 * webhook, `record-donation` and the admin's verification alike, so all three agree. Queues
 * the receipt when the donation is complete and its donor's email known. Returns null for a
 * PaymentIntent that is not a donation of this site.
 */
export async function applyPaymentIntent(
  tx: DatabaseExecutor,
  pi: Stripe.PaymentIntent,
  { now, links, paidAt, donor, disputes }: ApplyOptions,
): Promise<Donation | null> {
  const row = (await lockByPaymentIntent(tx, pi.id)) ?? (await insertFromMetadata(tx, pi));
  if (!row) return null;
  const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  const described = readDonationMetadata(pi.metadata);
  const changes: Partial<Donation> = {};

  const status = statusAfterStripe(
    row.paymentStatus,
    statusOfPaymentIntent(pi, disputes),
    disputes,
  );
  if (status !== row.paymentStatus) changes.paymentStatus = status;
  // A won dispute gives back money already counted once: not a new payment of a membership.
  const reinstated = row.paymentStatus === 'disputed' && status !== 'disputed';
  if (pi.status === 'succeeded') {
    if (pi.amount_received > 0 && pi.amount_received !== row.amountCents) {
      changes.amountCents = pi.amount_received;
      if (row.feeCents >= pi.amount_received) changes.feeCents = 0;
    }
    if (pi.currency !== row.currency) changes.currency = pi.currency;
    if (!row.donatedAt) {
      changes.donatedAt = charge ? new Date(charge.created * 1000) : (paidAt ?? now);
    }
  }
  if (charge && charge.amount_refunded > row.refundedCents) {
    changes.refundedCents = charge.amount_refunded;
  }
  const name = donor?.name ?? described?.donorName ?? null;
  const email = donor?.email ?? described?.email ?? charge?.billing_details.email ?? null;
  if (!row.donorName && name) changes.donorName = name;
  if (!row.email && email) changes.email = email;

  let donation = row;
  if (Object.keys(changes).length > 0) {
    const [updated] = await tx
      .update(donations)
      .set({ ...changes, updatedAt: now })
      .where(eq(donations.id, row.id))
      .returning();
    donation = updated!;
  }
  if (donation.stripeSubscriptionId && donor) {
    await fillSubscriptionDonor(tx, donation.stripeSubscriptionId, donor, now);
  }
  // The match first: the receipt names the matchers of a campaign gift.
  await settleCampaignGift(tx, donation, now);
  await enqueueReceiptIfDue(tx, donation, { links, now });
  if (donation.stripeSubscriptionId && donation.paymentStatus === 'succeeded' && !reinstated) {
    // The browser's record call may come before invoice.paid: the membership starts either way.
    const paid = donation.donatedAt ?? now;
    await recordMembershipPaid(tx, { stripe: donation.stripeSubscriptionId }, paid, now);
  }
  return donation;
}

/** The monthly receipts go to the donor the checkout named. */
async function fillSubscriptionDonor(
  tx: DatabaseExecutor,
  subscriptionId: string,
  donor: DonorDetails,
  now: Date,
) {
  if (donor.email) {
    await tx
      .update(stripeSubscriptions)
      .set({ email: donor.email, updatedAt: now })
      .where(and(eq(stripeSubscriptions.id, subscriptionId), isNull(stripeSubscriptions.email)));
  }
  if (donor.name) {
    await tx
      .update(stripeSubscriptions)
      .set({ donorName: donor.name, updatedAt: now })
      .where(
        and(eq(stripeSubscriptions.id, subscriptionId), isNull(stripeSubscriptions.donorName)),
      );
  }
}
