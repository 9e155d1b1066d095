import { and, eq, sql } from 'drizzle-orm';
import { donations, offlineGiftPhotos } from '~/db/schema';
import type { Database, DatabaseExecutor } from '~/db/client';
import type { ProcessedPhoto } from '~/server/features/site-photos';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { lockOfflineGift } from './find-offline-gift';

const contentTypes = { jpg: 'image/jpeg', png: 'image/png' } as const;

/** Throws the ledger's "not found" unless `id` is a gift the office recorded. */
export async function assertOfflineGift(db: Database, id: string) {
  await db.transaction((tx) => lockOfflineGift(tx, id));
}

/**
 * Keeps the photo of the cheque or voucher behind gift `id`, in place of any earlier one. Of the
 * pipeline's sizes only the largest in the plain format is kept: the office reads a cheque
 * number from it, and pages never show it. A voided gift takes one too: the returned cheque is
 * the evidence of why it was voided.
 */
export async function attachGiftPhoto(
  db: Database,
  id: string,
  photo: ProcessedPhoto,
  ctx: AuditContext,
) {
  const kept = photo.sizes.filter((size) => size.format === photo.fallback).at(-1)!;
  const contentType = contentTypes[photo.fallback];
  await db.transaction(async (tx) => {
    const gift = await lockOfflineGift(tx, id);
    const [replaced] = await tx
      .select({ byteLength: offlineGiftPhotos.byteLength })
      .from(offlineGiftPhotos)
      .where(eq(offlineGiftPhotos.donationId, id));
    const values = {
      contentType,
      byteLength: kept.data.length,
      data: kept.data,
      addedAt: ctx.now,
    };
    await tx
      .insert(offlineGiftPhotos)
      .values({ donationId: id, ...values })
      .onConflictDoUpdate({ target: offlineGiftPhotos.donationId, set: values });
    await recordAuditBy(tx, ctx, {
      action: 'offline-gift-photo-added',
      target: gift.receiptNumber,
      details: {
        width: kept.width,
        height: kept.height,
        bytes: kept.data.length,
        replaced: replaced !== undefined,
      },
    });
  });
}

/** The photo of gift `id`, or undefined: only ever answered to a signed-in admin. */
export async function readGiftPhoto(db: DatabaseExecutor, id: string) {
  const [row] = await db
    .select({ contentType: offlineGiftPhotos.contentType, data: offlineGiftPhotos.data })
    .from(offlineGiftPhotos)
    .innerJoin(donations, eq(donations.id, offlineGiftPhotos.donationId))
    .where(and(eq(offlineGiftPhotos.donationId, id), eq(donations.paymentMethod, 'offline')));
  return row;
}

/** Whether gift `id` has a photo, for the gift as the admin API shows it. */
export async function giftHasPhoto(db: DatabaseExecutor, id: string) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(offlineGiftPhotos)
    .where(eq(offlineGiftPhotos.donationId, id));
  return row !== undefined;
}
