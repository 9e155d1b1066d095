import { desc, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { stripeSubscriptions } from '~/db/schema';
import type { GiftSetup } from './donation-metadata';
import { AppError } from '~/server/errors';
import { linkStripeSubscription, memberToPayFor } from '~/server/features/membership';
import { CURRENCY } from '~/shared/money';
import type { DonationContext } from './context';
import { chargeOf, setupKey } from './create-payment-intent';
import { donationMetadata, METADATA_SOURCE } from './donation-metadata';
import { insertPendingCardDonation } from './donation-rows';
import { idOf } from './payment-status';
import {
  isMissingResource,
  stripeErrorFields,
  stripeFailure,
  unreachableMessage,
} from './stripe-client';
import { dedicationColumns } from '~/server/lib/dedication';

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

/** The customer a monthly gift is set up for; `createdNow` if this request made it. */
interface DonorCustomer {
  id: string;
  createdNow: boolean;
}

/** Stripe answered a keyed request with the answer it kept from an earlier one. */
const replayed = (answer: { lastResponse?: { headers?: Record<string, string> } }) =>
  answer.lastResponse?.headers?.['idempotent-replayed'] === 'true';

const isDeleted = (customer: Stripe.Customer | Stripe.DeletedCustomer) =>
  'deleted' in customer && customer.deleted === true;

/**
 * The customer this site made for an earlier monthly gift of the same email, if Stripe still
 * has it as this site made it: not deleted, marked with this site's source, and still under
 * that email (a donor who changed it in the portal gets a new one). A donor's gifts then share
 * one customer, so the portal shows them all together. Safe because the email is the only key
 * to that customer: its manage links, the one way into the portal, are mailed to that address.
 */
async function earlierCustomer(ctx: DonationContext, email: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ customerId: stripeSubscriptions.customerId })
    .from(stripeSubscriptions)
    .where(sql`lower(${stripeSubscriptions.email}) = ${email.toLowerCase()}`)
    .orderBy(desc(stripeSubscriptions.createdAt))
    .limit(1);
  if (!row) return null;
  let customer: Stripe.Customer | Stripe.DeletedCustomer;
  try {
    customer = await ctx.stripe.customers.retrieve(row.customerId);
  } catch (error) {
    if (isMissingResource(error)) return null;
    throw error;
  }
  if (isDeleted(customer)) return null;
  const { metadata, email: customerEmail } = customer as Stripe.Customer;
  if (metadata.source !== METADATA_SOURCE) return null;
  return customerEmail?.toLowerCase() === email.toLowerCase() ? customer.id : null;
}

/**
 * A new customer for the gift, keyed by the checkout page's idempotency key so that a double
 * submit makes one. A retry from a page whose earlier try failed at the subscription gets that
 * try's customer replayed by Stripe, which was deleted then (`discardCustomer`): a fresh one is
 * made under a key derived from it, as often as that happened (a few times at most).
 */
async function newCustomer(
  ctx: DonationContext,
  input: GiftSetup,
  params: Stripe.CustomerCreateParams,
): Promise<DonorCustomer> {
  const key = setupKey('customer', input.idempotencyKey);
  let customer = await ctx.stripe.customers.create(params, { idempotencyKey: key });
  for (let round = 0; key && round < 3 && replayed(customer); round++) {
    if (!isDeleted(await ctx.stripe.customers.retrieve(customer.id))) break;
    customer = await ctx.stripe.customers.create(params, {
      idempotencyKey: `${key}:after:${customer.id}`,
    });
  }
  // A replayed customer was made by an earlier request, which may have set up a gift with it.
  return { id: customer.id, createdNow: !replayed(customer) };
}

/**
 * The subscription could not be set up: the customer made for it would stay at Stripe with
 * nothing to pay, so it is deleted (best effort: a failure is logged and the donor's answer is
 * the same). Only one this request made: a reused or replayed customer may carry a gift.
 */
async function discardCustomer(ctx: DonationContext, customer: DonorCustomer | null) {
  if (!customer?.createdNow) return;
  try {
    await ctx.stripe.customers.del(customer.id);
    ctx.log.info({ customer: customer.id }, 'the customer of a failed monthly gift was deleted');
  } catch (error) {
    ctx.log.warn(
      { customer: customer.id, ...stripeErrorFields(error) },
      'the customer of a failed monthly gift could not be deleted: delete it in Stripe',
    );
  }
}

/**
 * A monthly gift: a Customer (the one of the donor's earlier monthly gifts, or a new one) and a
 * Subscription on the reusable product with `payment_behavior: default_incomplete`, so the
 * first invoice waits for the browser to confirm its payment with the client secret returned
 * here. The subscription and the first charge's donation row are stored pending; invoice.paid
 * completes them, and records each later month. A new customer is deleted again when the
 * subscription cannot be created.
 */
export async function createSubscription(ctx: DonationContext, input: GiftSetup) {
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
  let customer: DonorCustomer | null = null;
  try {
    const product = await ensureMonthlyProduct(ctx);
    const reused = input.email ? await earlierCustomer(ctx, input.email) : null;
    customer = reused
      ? { id: reused, createdNow: false }
      : await newCustomer(ctx, input, {
          ...(input.email ? { email: input.email } : {}),
          ...(input.name ? { name: input.name } : {}),
          metadata: { source: METADATA_SOURCE },
        });
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
    await discardCustomer(ctx, customer);
    throw stripeFailure(error);
  }
  const customerId = customer.id;
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
        ...dedicationColumns(input.dedication),
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
