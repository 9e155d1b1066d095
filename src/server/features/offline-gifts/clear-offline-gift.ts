import { and, eq, isNull, sql } from 'drizzle-orm';
import { campaignMatches, donations } from '~/db/schema';
import type { Database } from '~/db/client';
import { AppError } from '~/server/errors';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { enqueueReceiptIfDue } from '~/server/services/receipts/send-receipt';
import { settleCampaignGift } from '~/server/features/campaigns';
import { lockOfflineGift } from './find-offline-gift';
import { giftCampaignOf, giftTeamOf } from './gift-campaign';
import { giftHasPhoto } from './gift-photo';
import type { LedgerContext } from './ledger-rules';
import { serializeOfflineGift } from './serialize-offline-gift';

/**
 * The office says a campaign gift's money is in (the cheque cleared, the transfer arrived): the
 * gift is received from now, takes its receipt number (the database gives it as the status
 * changes, ADR 052), earns its campaign's match when the campaign matches offline gifts, and its
 * receipt is mailed; audited. Once: a gift already received, or void, is refused.
 */
export async function clearOfflineGift(db: Database, id: string, ctx: LedgerContext) {
  return db.transaction(async (tx) => {
    const before = await lockOfflineGift(tx, id);
    if (before.voidedAt) {
      throw new AppError('conflict', 'This gift is void, so it cannot be cleared.');
    }
    if (before.paymentStatus === 'succeeded') {
      throw new AppError(
        'conflict',
        `This gift is already received (receipt ${before.receiptNumber}): there is nothing to clear.`,
      );
    }
    const [row] = await tx
      .update(donations)
      // updated_at tells the dashboard's kept sums that this gift changed (payment-stats.ts).
      .set({ paymentStatus: 'succeeded', updatedAt: ctx.now })
      .where(eq(donations.id, id))
      .returning();
    const cleared = row!;
    await settleCampaignGift(tx, cleared, ctx.now);
    const [match] = await tx
      .select({ cents: sql<number>`coalesce(sum(${campaignMatches.cents}), 0)::int` })
      .from(campaignMatches)
      .where(and(eq(campaignMatches.donationId, id), isNull(campaignMatches.releasedAt)));
    const campaign = await giftCampaignOf(tx, cleared.campaignId);
    await recordAuditBy(tx, ctx, {
      action: 'offline-gift-cleared',
      target: cleared.receiptNumber,
      details: {
        amountCents: cleared.amountCents,
        campaign: campaign?.slug ?? null,
        matchedCents: Number(match?.cents ?? 0),
      },
    });
    await enqueueReceiptIfDue(tx, cleared, { links: ctx.links, now: ctx.now });
    return serializeOfflineGift(
      cleared,
      ctx.timeZone,
      await giftHasPhoto(tx, id),
      campaign,
      await giftTeamOf(tx, cleared.teamId),
    );
  });
}
