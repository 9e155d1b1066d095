import type { CheckoutMethod, DonationType } from './domain';
import type { FeeSettings } from './money';

/**
 * What the donate page and the checkout are rendered with (the server's page data for /donate and
 * /checkout): the amounts the server accepts and the ways to pay it can take money by, for a
 * one-time and a monthly gift. Pages offer only these, so no donor fills in a form that cannot
 * work, and an amount is checked where it is typed, with the server's own limits.
 */
export interface DonateOptions {
  /** Whole dollars, both ends allowed. */
  limits: { minDollars: number; maxDollars: number };
  /** In the order they are offered; empty when no method is set up for that kind of gift. */
  methods: Record<DonationType, CheckoutMethod[]>;
}

/**
 * What the checkout is rendered with: the donate page's options, what the card form needs to
 * show itself before the app and Stripe.js arrive (null when cards are not set up), and this
 * page's idempotency key, which its forms send so a double submit sets up one payment.
 */
export interface CheckoutPageData extends DonateOptions {
  card: { publishableKey: string; fee: FeeSettings } | null;
  attempt: string;
  /**
   * A membership's checkout (`membership=` in the address) that cannot be paid: why, in words
   * (already active, another membership of the address, an expired link). Absent otherwise.
   */
  membershipProblem?: string;
  /** A membership's checkout that can be paid: the name and address the member applied with. */
  membershipDonor?: { name: string; email: string };
  /** The published campaign the gift is for (`campaign=` in the address), by its name. */
  campaign?: { slug: string; title: string };
  /** The campaign's approved team the gift is given through (`team=` in the address), by its name. */
  team?: { slug: string; name: string };
  /**
   * The card payment this checkout set up went through (`gift=pi_…` in the address, which the
   * page writes there before confirming): the page says the gift was made instead of offering
   * to charge it again. Absent otherwise.
   */
  giftMade?: GiftMade;
}

/** A gift the checkout already made: its amount (the fee included), its kind, and whether the bank is still completing it. */
export interface GiftMade {
  amountCents: number;
  type: DonationType;
  processing: boolean;
}
