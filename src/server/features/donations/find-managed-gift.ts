import { and, eq, inArray } from 'drizzle-orm';
import { donations, stripeSubscriptions, type StripeSubscriptionRow } from '~/db/schema';
import { manageLinkMessages } from '~/shared/schemas/manage-gift';
import { AppError } from '~/server/errors';
import type { DonationContext } from './context';
import { MANAGE_GIFT_PURPOSE } from '~/server/services/receipts/manage-link';
import { serializeManagedGift } from './serialize-managed-gift';
import { stripeErrorFields } from './stripe-client';

/**
 * The monthly gift a manage link names. A forged token, or one signed for another purpose, is
 * 400 bad_request; an expired one 400 link_expired (the page then points to the newest receipt);
 * a subscription this site does not know, 404.
 */
export async function findManagedGift(ctx: DonationContext, token: string) {
  const check = ctx.linkSigner.verify(MANAGE_GIFT_PURPOSE, token, ctx.clock());
  if (!check.ok) {
    ctx.log.info({ reason: check.reason }, 'manage link refused');
    throw check.reason === 'expired'
      ? new AppError('link_expired', manageLinkMessages.expired)
      : new AppError('bad_request', manageLinkMessages.invalid);
  }
  const [row] = await ctx.db
    .select()
    .from(stripeSubscriptions)
    .where(eq(stripeSubscriptions.id, check.subject));
  if (!row) throw new AppError('not_found', manageLinkMessages.unknown);
  return row;
}

/** Stripe's statuses a subscription never leaves: nothing to ask Stripe about. */
const ended = new Set(['canceled', 'incomplete_expired']);

/**
 * A monthly card gift's state as the donor is shown it, on its manage page and in My giving alike:
 * Stripe's, read now, since our row follows Stripe's webhook events, which may not have arrived
 * when a donor looks right after paying. Without Stripe (not set up, unreachable), the stored
 * state, with a subscription whose first invoice is recorded as paid counted active: that
 * payment is what makes Stripe's subscription active.
 */
export async function currentSubscriptionState(
  ctx: Pick<DonationContext, 'db' | 'log'> & { stripe: DonationContext['stripe'] | null },
  row: StripeSubscriptionRow,
): Promise<Pick<StripeSubscriptionRow, 'status' | 'cancelAtPeriodEnd'>> {
  const stored = { status: row.status, cancelAtPeriodEnd: row.cancelAtPeriodEnd };
  if (ended.has(row.status)) return stored;
  if (ctx.stripe) {
    try {
      const live = await ctx.stripe.subscriptions.retrieve(row.id);
      return { status: live.status, cancelAtPeriodEnd: live.cancel_at_period_end };
    } catch (error) {
      ctx.log.warn(stripeErrorFields(error), 'reading a subscription’s state failed');
    }
  }
  if (row.status !== 'incomplete') return stored;
  const [paid] = await ctx.db
    .select({ id: donations.id })
    .from(donations)
    .where(
      and(
        eq(donations.stripeSubscriptionId, row.id),
        inArray(donations.paymentStatus, ['succeeded', 'refunded', 'disputed']),
      ),
    )
    .limit(1);
  return paid ? { ...stored, status: 'active' } : stored;
}

/** The gift a manage link names, as the donor sees it (the API and the page alike). */
export async function readManagedGift(ctx: DonationContext, token: string) {
  const gift = await findManagedGift(ctx, token);
  return serializeManagedGift({ ...gift, ...(await currentSubscriptionState(ctx, gift)) });
}
