import { eq } from 'drizzle-orm';
import { ojcSubscriptions, type OjcSubscription } from '~/db/schema';
import { manageLinkMessages } from '~/shared/schemas/manage-gift';
import type { Database } from '~/db/client';
import { AppError } from '~/server/errors';
import { announceGiftCancelled } from '~/server/services/announcements/donation-events';
import { settleEndedPlan } from '~/server/features/campaigns';
import { recordMembershipEnded } from '~/server/features/membership';
import type { JobLogger } from '~/server/jobs/types';
import type { Clock } from '~/server/lib/clock';
import type { LinkSigner } from '~/server/lib/signed-link';
import { CANCEL_OJC_GIFT_PURPOSE } from '~/server/services/receipts/cancel-link';
import { lockGift } from './monthly-gift';

/** What the cancel page needs: no OJC settings, so a donor can always stop a gift. */
export interface GiftLinkContext {
  db: Database;
  linkSigner: LinkSigner;
  clock: Clock;
  log: JobLogger;
}

/**
 * The gift a cancel link names. Refused like the card gifts' manage link: a forged token (or one
 * for another purpose) is 400 bad_request, an expired one 400 link_expired, an unknown gift 404.
 */
function giftIdOf(ctx: GiftLinkContext, token: string) {
  const check = ctx.linkSigner.verify(CANCEL_OJC_GIFT_PURPOSE, token, ctx.clock());
  if (check.ok) return check.subject;
  ctx.log.info({ reason: check.reason }, 'OJC gift cancel link refused');
  throw check.reason === 'expired'
    ? new AppError('link_expired', manageLinkMessages.expired)
    : new AppError('bad_request', manageLinkMessages.invalid);
}

export async function findOjcGift(ctx: GiftLinkContext, token: string): Promise<OjcSubscription> {
  const [gift] = await ctx.db
    .select()
    .from(ojcSubscriptions)
    .where(eq(ojcSubscriptions.id, giftIdOf(ctx, token)));
  if (!gift) throw new AppError('not_found', manageLinkMessages.unknown);
  return gift;
}

/**
 * Stops a monthly OJC gift: no month is charged after this (the renewal job finds the gift
 * ended), and the sealed card is wiped. Cancelling an ended gift changes nothing.
 */
export async function cancelOjcGift(ctx: GiftLinkContext, token: string): Promise<OjcSubscription> {
  const giftId = giftIdOf(ctx, token);
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const gift = await lockGift(tx, giftId);
    if (!gift) throw new AppError('not_found', manageLinkMessages.unknown);
    if (gift.status !== 'active') return gift;
    const [canceled] = await tx
      .update(ojcSubscriptions)
      .set({
        status: 'canceled',
        canceledAt: now,
        nextChargeAt: null,
        cardSealed: null,
        updatedAt: now,
      })
      .where(eq(ojcSubscriptions.id, gift.id))
      .returning();
    ctx.log.info(
      { gift: gift.id, periodsCharged: gift.periodsCharged },
      'monthly OJC gift canceled by the donor',
    );
    await recordMembershipEnded(tx, { ojc: gift.id }, now);
    await settleEndedPlan(tx, { ojc: gift.id }, now);
    await announceGiftCancelled(tx, canceled!, 'ojc', now);
    return canceled!;
  });
}
