import { eq } from 'drizzle-orm';
import { donations } from '~/db/schema';
import type { Database } from '~/db/client';
import type { OfflineGiftVoidInput } from '~/shared/schemas/offline-gifts';
import { AppError } from '~/server/errors';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { sendVoidNotice } from '~/server/services/receipts/receipt-corrections';
import { settleCampaignGift } from '~/server/features/campaigns';
import { lockOfflineGift } from './find-offline-gift';
import { giftCampaignOf, giftTeamOf } from './gift-campaign';
import { giftHasPhoto } from './gift-photo';
import type { LedgerContext } from './ledger-rules';
import { serializeOfflineGift } from './serialize-offline-gift';

/**
 * Voids a gift the office recorded that did not reach the community (a cheque the bank
 * returned, a gift typed in by mistake). It keeps its receipt number and stays listed as void;
 * every total, window, chart, statement and My giving stops counting it. The donor who had its
 * receipt is told the number is void. Once: voiding it again is refused.
 */
export async function voidOfflineGift(
  db: Database,
  id: string,
  input: OfflineGiftVoidInput,
  ctx: LedgerContext,
) {
  return db.transaction(async (tx) => {
    const before = await lockOfflineGift(tx, id);
    if (before.voidedAt) {
      throw new AppError(
        'conflict',
        before.receiptNumber
          ? `Receipt ${before.receiptNumber} is already void.`
          : 'This gift is already void.',
      );
    }
    const [row] = await tx
      .update(donations)
      // updated_at tells the dashboard's kept sums that this gift changed (payment-stats.ts).
      .set({ voidedAt: ctx.now, voidReason: input.reason, updatedAt: ctx.now })
      .where(eq(donations.id, id))
      .returning();
    const voided = row!;
    // A campaign gift's match goes back to its matchers, released as 'voided' (its page says why);
    // a pending one leaves the campaign's pending sum.
    await settleCampaignGift(tx, voided, ctx.now);
    const donorTold = await sendVoidNotice(tx, voided, input.donorNote);
    await recordAuditBy(tx, ctx, {
      action: 'offline-gift-voided',
      target: voided.receiptNumber ?? voided.id,
      details: {
        reason: input.reason,
        donorNote: input.donorNote,
        amountCents: voided.amountCents,
        donorTold,
      },
    });
    return serializeOfflineGift(
      voided,
      ctx.timeZone,
      await giftHasPhoto(tx, id),
      await giftCampaignOf(tx, voided.campaignId),
      await giftTeamOf(tx, voided.teamId),
    );
  });
}
