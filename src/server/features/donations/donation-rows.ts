import { eq } from 'drizzle-orm';
import { donations } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { CURRENCY } from '~/shared/money';
import { wallDisplayOf, type GiftSetup } from './donation-metadata';
import { dedicationColumns } from '~/server/lib/dedication';
import { referrerColumns } from '~/server/lib/gift-referrer';

/** The donation of a PaymentIntent, locked for the rest of the transaction. */
export async function lockByPaymentIntent(tx: DatabaseExecutor, paymentIntentId: string | null) {
  if (!paymentIntentId) return undefined;
  const [row] = await tx
    .select()
    .from(donations)
    .where(eq(donations.stripePaymentIntentId, paymentIntentId))
    .for('update');
  return row;
}

/** What Stripe set up for a card gift: its PaymentIntent, and for a monthly gift more. */
export interface CardSetup {
  paymentIntentId: string | null;
  subscriptionId?: string;
  invoiceId?: string;
}

/**
 * The pending donation row of a card gift the checkout has just set up, as the server priced it.
 * A double submit with the same idempotency key gets the same PaymentIntent: still one row.
 */
export async function insertPendingCardDonation(
  db: DatabaseExecutor,
  input: GiftSetup,
  charge: { feeCents: number; totalCents: number },
  setup: CardSetup,
  now: Date,
) {
  await db
    .insert(donations)
    .values({
      donorName: input.name,
      email: input.email,
      amountCents: charge.totalCents,
      currency: CURRENCY,
      feeCents: charge.feeCents,
      donationType: setup.subscriptionId ? 'subscription' : 'onetime',
      paymentMethod: 'stripe',
      stripePaymentIntentId: setup.paymentIntentId,
      stripeSubscriptionId: setup.subscriptionId ?? null,
      stripeInvoiceId: setup.invoiceId ?? null,
      ...dedicationColumns(input.dedication),
      campaignId: input.campaignId ?? null,
      teamId: (input.campaignId && input.teamId) || null,
      wallDisplay: wallDisplayOf(input),
      ...referrerColumns(input.campaignId ? input.referrer : null),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}
