import { donations } from '~/db/schema';
import type { Database } from '~/db/client';
import type { OfflineGiftInput } from '~/shared/schemas/offline-gifts';
import { recordAudit } from '~/server/services/audit/record-audit';
import { enqueueReceiptIfDue } from '~/server/services/receipts/send-receipt';
import {
  assertNotFuture,
  assertNotTypedTwice,
  receivedAt,
  type LedgerContext,
} from './ledger-rules';
import { serializeOfflineGift } from './serialize-offline-gift';

/**
 * Records a gift the office received another way, with its receipt number (given by the database
 * in this transaction, ADR 052), the audit entry and, when the donor has an email, the receipt
 * mail: all of it or nothing.
 */
export async function recordOfflineGift(db: Database, gift: OfflineGiftInput, ctx: LedgerContext) {
  assertNotFuture(gift, ctx);
  return db.transaction(async (tx) => {
    await assertNotTypedTwice(tx, gift, ctx.timeZone);
    const [row] = await tx
      .insert(donations)
      .values({
        donorName: gift.name,
        email: gift.email,
        postalAddress: gift.address,
        amountCents: Math.round(gift.amount * 100),
        donationType: 'onetime',
        paymentMethod: 'offline',
        paymentStatus: 'succeeded',
        offlineMethod: gift.method,
        offlineReference: gift.reference,
        officeNote: gift.note,
        dedicationKind: gift.dedication?.kind ?? null,
        dedicationName: gift.dedication?.name ?? null,
        donatedAt: receivedAt(gift.receivedOn, ctx.timeZone),
        // A gift's date everywhere (the donor table, its windows, My giving, the statement of its
        // year) is `created_at`: for a gift the office received, the day it was received. When it
        // was typed in is the audit log's.
        createdAt: receivedAt(gift.receivedOn, ctx.timeZone),
        updatedAt: ctx.now,
      })
      .returning();
    const recorded = row!;
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'offline-gift-recorded',
      target: recorded.receiptNumber,
      details: {
        amountCents: recorded.amountCents,
        method: gift.method,
        ...(gift.confirmDuplicate ? { confirmedSecondGift: true } : {}),
      },
      ip: ctx.ip,
      at: ctx.now,
    });
    await enqueueReceiptIfDue(tx, recorded, { links: ctx.links, now: ctx.now });
    return serializeOfflineGift(recorded, ctx.timeZone);
  });
}
