import type Stripe from 'stripe';
import type { PaymentStatus } from '~/shared/domain';

/**
 * How far a payment has come. Stripe's events arrive late, twice and out of order, so a status
 * only moves forward: a `payment_failed` that arrives after the success changes nothing, and a
 * success that arrives after the refund leaves it refunded. A failed attempt can still be
 * followed by a success (the donor tries another card).
 */
const rank: Record<PaymentStatus, number> = {
  pending: 0,
  failed: 1,
  succeeded: 2,
  refunded: 3,
  disputed: 3,
};

export function laterStatus(current: PaymentStatus, reported: PaymentStatus): PaymentStatus {
  return rank[reported] > rank[current] ? reported : current;
}

/** What a PaymentIntent says about its payment (with `latest_charge` expanded, refunds too). */
export function statusOfPaymentIntent(pi: Stripe.PaymentIntent): PaymentStatus {
  const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  switch (pi.status) {
    case 'succeeded':
      if (charge?.disputed) return 'disputed';
      if (charge?.refunded) return 'refunded';
      return 'succeeded';
    case 'canceled':
      return 'failed';
    case 'requires_payment_method':
      return pi.last_payment_error ? 'failed' : 'pending';
    default:
      return 'pending';
  }
}

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
