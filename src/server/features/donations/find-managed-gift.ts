import { eq } from 'drizzle-orm';
import { stripeSubscriptions } from '~/db/schema';
import { manageLinkMessages } from '~/shared/schemas/manage-gift';
import { AppError } from '../../errors';
import type { DonationContext } from './context';
import { MANAGE_GIFT_PURPOSE } from '../../services/receipts/manage-link';

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
