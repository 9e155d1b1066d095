import { eq } from 'drizzle-orm';
import { stripeSubscriptions } from '~/db/schema';
import { manageLinkMessages } from '~/shared/schemas/manage-gift';
import { AppError } from '../../errors';
import type { DonationContext } from './context';
import { MANAGE_GIFT_PURPOSE } from '../../services/receipts/manage-link';
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

/**
 * The subscription's state as Stripe has it now: our row follows Stripe's webhook events, which
 * may not have arrived yet when a donor opens the link in the first receipt. Without Stripe, the
 * stored state.
 */
async function liveState(ctx: DonationContext, subscriptionId: string) {
  try {
    const live = await ctx.stripe.subscriptions.retrieve(subscriptionId);
    return { status: live.status, cancelAtPeriodEnd: live.cancel_at_period_end };
  } catch (error) {
    ctx.log.warn(stripeErrorFields(error), 'reading a subscription for its manage page failed');
    return {};
  }
}

/** The gift a manage link names, as the donor sees it (the API and the page alike). */
export async function readManagedGift(ctx: DonationContext, token: string) {
  const gift = await findManagedGift(ctx, token);
  return serializeManagedGift({ ...gift, ...(await liveState(ctx, gift.id)) });
}
