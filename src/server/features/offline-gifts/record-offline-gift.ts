import { donations } from '~/db/schema';
import type { Database } from '~/db/client';
import type { OfflineGiftInput } from '~/shared/schemas/offline-gifts';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { enqueueReceiptIfDue } from '~/server/services/receipts/send-receipt';
import {
  campaignForOfficeGift,
  teamForOfficeGift,
  touchCampaign,
} from '~/server/features/campaigns';
import {
  assertNotFuture,
  assertNotTypedTwice,
  keptRecord,
  type LedgerContext,
} from './ledger-rules';
import { offlineGiftValues } from './offline-gift-values';
import { serializeOfflineGift } from './serialize-offline-gift';

/**
 * Records a gift the office received another way, with its receipt number (given by the database
 * in this transaction, ADR 052), the audit entry and, when the donor has an email, the receipt
 * mail: all of it or nothing. A campaign's gift is recorded pending, without number or receipt,
 * until the office clears it (`clearOfflineGift`).
 */
export async function recordOfflineGift(db: Database, gift: OfflineGiftInput, ctx: LedgerContext) {
  assertNotFuture(gift, ctx);
  return db.transaction(async (tx) => {
    const donorId = gift.donorId ? await keptRecord(tx, gift.donorId) : undefined;
    await assertNotTypedTwice(tx, { ...gift, donorId }, ctx.timeZone);
    const campaign = gift.campaign ? await campaignForOfficeGift(tx, gift.campaign) : null;
    const team = campaign && gift.team ? await teamForOfficeGift(tx, campaign.id, gift.team) : null;
    const [row] = await tx
      .insert(donations)
      // A gift's date everywhere (the donor table, its windows, My giving, the statement of its
      // year) is `created_at`: for a gift the office received, the day it was received. When it
      // was typed in is the audit log's.
      .values({
        ...offlineGiftValues(gift, {
          timeZone: ctx.timeZone,
          now: ctx.now,
          campaignId: campaign?.id ?? null,
          teamId: team?.id ?? null,
        }),
        // Without email, the record the office chose; with one, the trigger finds the address's.
        donorId: gift.email ? null : (donorId ?? null),
      })
      .returning();
    const recorded = row!;
    // Its campaign's page shows it as pending from now.
    if (campaign) await touchCampaign(tx, campaign.id);
    await recordAuditBy(tx, ctx, {
      action: 'offline-gift-recorded',
      target: recorded.receiptNumber ?? recorded.id,
      details: {
        amountCents: recorded.amountCents,
        method: gift.method,
        ...(campaign ? { campaign: campaign.slug, wall: recorded.wallDisplay } : {}),
        ...(team ? { team: team.slug } : {}),
        ...(gift.confirmDuplicate ? { confirmedSecondGift: true } : {}),
      },
    });
    await enqueueReceiptIfDue(tx, recorded, { links: ctx.links, now: ctx.now });
    return serializeOfflineGift(
      recorded,
      ctx.timeZone,
      false,
      campaign && { id: campaign.id, slug: campaign.slug, title: campaign.title },
      team && { slug: team.slug, name: team.name },
    );
  });
}
