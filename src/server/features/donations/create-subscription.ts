import type Stripe from 'stripe';
import { stripeSubscriptions } from '~/db/schema';
import type { DonationSetupInput } from '~/shared/schemas/donations';
import { AppError } from '../../errors';
import { linkStripeSubscription, memberToPayFor } from '../members';
import { CURRENCY } from '~/shared/money';
import type { DonationContext } from './context';
import { chargeOf, setupKey } from './create-payment-intent';
import { donationMetadata } from './donation-metadata';
import { insertPendingCardDonation } from './donation-rows';
import { idOf } from './payment-status';
import {
  isMissingResource,
  stripeErrorFields,
  stripeFailure,
  unreachableMessage,
} from './stripe-client';

/** The one reusable product every monthly gift is a price of. */
export const MONTHLY_PRODUCT_ID = 'tziyun_monthly_donation';

const productReady = new WeakMap<Stripe, Promise<string>>();

/** Finds or creates the monthly-donation product, once per process (again after a failure). */
function ensureMonthlyProduct(ctx: DonationContext): Promise<string> {
  let ready = productReady.get(ctx.stripe);
  if (!ready) {
    ready = (async () => {
      try {
        await ctx.stripe.products.retrieve(MONTHLY_PRODUCT_ID);
      } catch (error) {
        if (!isMissingResource(error)) throw error;
        await ctx.stripe.products.create(
          { id: MONTHLY_PRODUCT_ID, name: `Monthly donation to ${ctx.siteName}` },
          { idempotencyKey: `donation:product:${MONTHLY_PRODUCT_ID}` },
        );
      }
      return MONTHLY_PRODUCT_ID;
    })();
    productReady.set(ctx.stripe, ready);
    ready.catch(() => productReady.delete(ctx.stripe));
  }
  return ready;
}

/** The PaymentIntent that pays an invoice (its default payment), when `payments` is there. */
export function paymentIntentOfInvoice(invoice: Stripe.Invoice): string | null {
  const payments = invoice.payments?.data ?? [];
  const payment = payments.find((p) => p.is_default) ?? payments[0];
  return idOf(payment?.payment.payment_intent);
}

/**
 * A monthly gift: a Customer and a Subscription on the reusable product with
 * `payment_behavior: default_incomplete`, so the first invoice waits for the browser to confirm
 * its payment with the client secret returned here. The subscription and the first charge's
 * donation row are stored pending; invoice.paid completes them, and records each later month.
 */
export async function createSubscription(ctx: DonationContext, input: DonationSetupInput) {
  const { feeCents, totalCents } = chargeOf(input, ctx);
  // A membership's link is checked before anything is set up with Stripe.
  const member = input.membership
    ? await memberToPayFor(
        ctx.db,
        ctx.linkSigner,
        input.membership,
        input.amount * 100,
        ctx.clock(),
      )
    : null;
  const metadata: Record<string, string> = {
    ...donationMetadata('subscription', input, feeCents),
    ...(member ? { member_id: member.id } : {}),
  };
  let subscription: Stripe.Subscription;
  let customerId: string;
  try {
    const product = await ensureMonthlyProduct(ctx);
    const customer = await ctx.stripe.customers.create(
      {
        ...(input.email ? { email: input.email } : {}),
        ...(input.name ? { name: input.name } : {}),
        metadata: { source: metadata.source! },
      },
      { idempotencyKey: setupKey('customer', input.idempotencyKey) },
    );
    customerId = customer.id;
    subscription = await ctx.stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [
          {
            price_data: {
              currency: CURRENCY,
              product,
              unit_amount: totalCents,
              recurring: { interval: 'month' },
            },
          },
        ],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata,
        expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
      },
      { idempotencyKey: setupKey('subscription', input.idempotencyKey) },
    );
  } catch (error) {
    ctx.log.warn(stripeErrorFields(error), 'creating a subscription failed');
    throw stripeFailure(error);
  }
  const invoice =
    typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  const clientSecret = invoice?.confirmation_secret?.client_secret;
  if (!invoice || !clientSecret) {
    ctx.log.error({ subscription: subscription.id }, 'a new subscription came without its invoice');
    throw new AppError('bad_gateway', unreachableMessage);
  }
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(stripeSubscriptions)
      .values({
        id: subscription.id,
        customerId,
        donorName: input.name,
        email: input.email,
        amountCents: totalCents,
        currency: CURRENCY,
        feeCents,
        dedicationKind: input.dedication?.kind ?? null,
        dedicationName: input.dedication?.name ?? null,
        status: subscription.status,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    await insertPendingCardDonation(
      tx,
      input,
      { feeCents, totalCents },
      {
        paymentIntentId: paymentIntentOfInvoice(invoice),
        subscriptionId: subscription.id,
        invoiceId: invoice.id,
      },
      now,
    );
    if (member) await linkStripeSubscription(tx, member.id, subscription.id, now);
  });
  return { clientSecret };
}
