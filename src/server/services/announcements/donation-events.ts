import type { PaymentMethod } from '~/shared/domain';
import type { Donation } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { announce } from './announce';
import type { BusinessEvent } from './events';

/**
 * The events of the giving flows, from their rows: what the donation and OJC code passes to
 * `announce(tx, …)`. Never the dedication (a name in honour or memory), the phone, or anything
 * of the card.
 */

/** The fields of a donation row an event may use. */
type ChargeFields = Pick<
  Donation,
  | 'id'
  | 'donorName'
  | 'email'
  | 'amountCents'
  | 'currency'
  | 'donationType'
  | 'paymentMethod'
  | 'donatedAt'
>;

/** A completed charge: a one-time gift or one month of a monthly gift. Needs the email. */
export function donationCompleted(
  donation: ChargeFields,
): BusinessEvent & { type: 'donation.completed' } {
  if (!donation.email) throw new Error('donation.completed needs the donor’s email');
  return {
    type: 'donation.completed',
    donationId: donation.id,
    name: donation.donorName,
    email: donation.email,
    amountCents: donation.amountCents,
    currency: donation.currency,
    donationType: donation.donationType,
    paymentMethod: donation.paymentMethod,
    occurredAt: donation.donatedAt ?? undefined,
  };
}

/** A monthly gift, card (Stripe subscription `sub_…`) or OJC (the gift's uuid). */
export interface MonthlyGift {
  id: string;
  donorName: string | null;
  email: string;
  amountCents: number;
  currency: string;
  paymentMethod: PaymentMethod;
}

export function subscriptionStarted(gift: MonthlyGift, at?: Date): BusinessEvent {
  return { type: 'subscription.started', ...giftFields(gift), occurredAt: at };
}

export function subscriptionCancelled(gift: MonthlyGift, at?: Date): BusinessEvent {
  return { type: 'subscription.cancelled', ...giftFields(gift), occurredAt: at };
}

function giftFields(gift: MonthlyGift) {
  return {
    subscriptionId: gift.id,
    name: gift.donorName,
    email: gift.email,
    amountCents: gift.amountCents,
    currency: gift.currency,
    paymentMethod: gift.paymentMethod,
  };
}

/** A donation row as the giving flows have it (an OJC gift's charge names its gift). */
type CompletedCharge = ChargeFields &
  Pick<Donation, 'paymentStatus' | 'stripeSubscriptionId'> & { ojcSubscriptionId?: string | null };

/**
 * The giving flows' one line, where a completed charge queues its receipt (send-receipt.ts):
 * `donation.completed` for the charge and, for a monthly gift's charge, `subscription.started`
 * for its gift (keyed by the gift, so only the first month announces it). Nothing until the
 * payment succeeded and the email is known, like the receipt.
 */
export async function announceCompletedCharge(tx: DatabaseExecutor, donation: CompletedCharge) {
  if (donation.paymentStatus !== 'succeeded' || !donation.email) return;
  await announce(tx, donationCompleted(donation));
  const giftId =
    donation.paymentMethod === 'stripe'
      ? donation.stripeSubscriptionId
      : donation.ojcSubscriptionId;
  if (donation.donationType !== 'subscription' || !giftId) return;
  await announce(
    tx,
    subscriptionStarted(
      { ...donation, id: giftId, email: donation.email },
      donation.donatedAt ?? undefined,
    ),
  );
}

/**
 * A monthly gift ended (cancelled by the donor or the office, or stopped after a failure): a
 * Stripe subscription row or an OJC gift row. Without an email there is no one to tell.
 */
export async function announceGiftCancelled(
  tx: DatabaseExecutor,
  gift: Omit<MonthlyGift, 'email' | 'paymentMethod'> & { email: string | null },
  paymentMethod: MonthlyGift['paymentMethod'],
  at?: Date,
) {
  if (!gift.email) return;
  await announce(tx, subscriptionCancelled({ ...gift, email: gift.email, paymentMethod }, at));
}
