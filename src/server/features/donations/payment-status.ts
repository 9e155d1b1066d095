import type Stripe from 'stripe';
import type { PaymentStatus } from '~/shared/domain';

/**
 * How far a payment has come. Stripe's events arrive late, twice and out of order, so a status
 * only moves forward: a `payment_failed` that arrives after the success changes nothing, and a
 * success that arrives after the refund leaves it refunded. A failed attempt can still be
 * followed by a success (the donor tries another card).
 *
 * The one step back is a dispute decided for us (`statusAfterStripe`): disputed → succeeded
 * (or refunded, if the charge was refunded in full meanwhile). It is taken only on Stripe's
 * disputes read afresh, never on an event's snapshot or a bare `charge.disputed` (which stays
 * true after a win), so a late or repeated event cannot move it either way by itself.
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

/**
 * Dispute statuses under which the money stays with us: won; an inquiry (`warning_…`), which
 * withdraws nothing unless it becomes a chargeback (then its status changes); `prevented`, a
 * dispute Stripe stopped before it became a chargeback (if it did so by refunding, the refund
 * is counted as a refund). Every other status, `lost` and those still open, and any status
 * Stripe adds later, means the money was taken back.
 */
const moneyKept: ReadonlySet<string> = new Set([
  'won',
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'prevented',
]);

/**
 * What a payment's disputes, as Stripe has them now, mean for its money: `withdrawn` when any
 * has taken it back (open or lost), `kept` when all left it with us, null without a dispute.
 */
export function disputeOutcome(
  disputes: readonly Pick<Stripe.Dispute, 'status'>[],
): 'withdrawn' | 'kept' | null {
  if (disputes.length === 0) return null;
  return disputes.some((d) => !moneyKept.has(d.status)) ? 'withdrawn' : 'kept';
}

/**
 * What a PaymentIntent says about its payment (with `latest_charge` expanded, refunds too).
 * `disputes` are the PaymentIntent's disputes read from Stripe; without them a disputed charge
 * counts as disputed, as Stripe's `charge.disputed` cannot tell a won dispute from an open one.
 */
export function statusOfPaymentIntent(
  pi: Stripe.PaymentIntent,
  disputes?: readonly Pick<Stripe.Dispute, 'status'>[],
): PaymentStatus {
  const charge = typeof pi.latest_charge === 'object' ? pi.latest_charge : null;
  switch (pi.status) {
    case 'succeeded': {
      const disputed = disputes ? disputeOutcome(disputes) === 'withdrawn' : charge?.disputed;
      if (disputed) return 'disputed';
      if (charge?.refunded) return 'refunded';
      return 'succeeded';
    }
    case 'canceled':
      return 'failed';
    case 'requires_payment_method':
      return pi.last_payment_error ? 'failed' : 'pending';
    default:
      return 'pending';
  }
}

/**
 * The status a donation moves to when Stripe reports `reported`: forward only, except that a
 * disputed donation returns to what Stripe reports (succeeded, or refunded) when its disputes,
 * read from Stripe just now (`disputes`), all left the money with us.
 */
export function statusAfterStripe(
  current: PaymentStatus,
  reported: PaymentStatus,
  disputes: readonly Pick<Stripe.Dispute, 'status'>[] | undefined,
): PaymentStatus {
  const settledForUs = disputes !== undefined && disputeOutcome(disputes) === 'kept';
  if (current === 'disputed' && settledForUs) {
    if (reported === 'succeeded' || reported === 'refunded') return reported;
  }
  return laterStatus(current, reported);
}

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
