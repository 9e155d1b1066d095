import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { donations } from '~/db/schema';
import type { GiftMade } from '~/shared/donate-options';
import { donationContextOf } from './context';
import { readDonationMetadata } from './donation-metadata';
import { stripeErrorFields } from './stripe-client';

/** A PaymentIntent's id as Stripe writes it; anything else in the address is ignored. */
const paymentIntentId = /^pi_[A-Za-z0-9]{8,64}$/;

/** The statuses of a recorded gift whose money was taken (a refund or a dispute came after). */
const taken = new Set(['succeeded', 'refunded', 'disputed']);

/**
 * Whether the card payment a checkout page set up (`gift=pi_…`, written into the page's address
 * just before the card is confirmed) went through: the recorded gift if the webhook or the
 * browser's report has arrived, else Stripe's PaymentIntent as it is now. Back to that page after
 * paying then says the gift was made instead of offering to charge it again. Null when it was
 * not (declined, abandoned), when the address names no payment, or when it cannot be told (no
 * Stripe, Stripe unreachable): the checkout is then shown as usual.
 */
export async function loadGiftMade(
  app: FastifyInstance,
  url: URL,
  log: FastifyBaseLogger,
): Promise<GiftMade | null> {
  const id = url.searchParams.get('gift');
  if (!id || !paymentIntentId.test(id)) return null;
  const [row] = await app.database.db
    .select({
      amountCents: donations.amountCents,
      type: donations.donationType,
      status: donations.paymentStatus,
    })
    .from(donations)
    .where(eq(donations.stripePaymentIntentId, id));
  if (row && taken.has(row.status)) {
    return { amountCents: row.amountCents, type: row.type, processing: false };
  }
  try {
    const pi = await donationContextOf(app, log).stripe.paymentIntents.retrieve(id);
    if (pi.status !== 'succeeded' && pi.status !== 'processing') return null;
    return {
      amountCents: pi.amount,
      type: row?.type ?? readDonationMetadata(pi.metadata)?.donationType ?? 'onetime',
      processing: pi.status === 'processing',
    };
  } catch (error) {
    log.warn(stripeErrorFields(error), 'reading a checkout’s payment failed');
    return null;
  }
}
