import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { donations, offlineGiftPhotos } from '~/db/schema';
import type { Database } from '~/db/client';
import { serializeOfflineGift } from './serialize-offline-gift';

/** How many of the latest gifts the office's list shows: older ones are in the donor table. */
export const RECENT_OFFLINE_GIFTS = 50;

/** The latest gifts the office recorded, newest received first, voided ones with them. */
export async function listOfflineGifts(db: Database, timeZone: string) {
  const rows = await db
    .select({
      ...getTableColumns(donations),
      hasPhoto: sql<boolean>`${offlineGiftPhotos.donationId} is not null`,
    })
    .from(donations)
    .leftJoin(offlineGiftPhotos, eq(offlineGiftPhotos.donationId, donations.id))
    .where(eq(donations.paymentMethod, 'offline'))
    .orderBy(desc(donations.createdAt), desc(donations.receiptNumber))
    .limit(RECENT_OFFLINE_GIFTS);
  return rows.map(({ hasPhoto, ...row }) => serializeOfflineGift(row, timeZone, hasPhoto));
}
