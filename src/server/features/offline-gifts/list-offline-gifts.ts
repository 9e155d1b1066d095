import { desc, eq } from 'drizzle-orm';
import { donations } from '~/db/schema';
import type { Database } from '~/db/client';
import { serializeOfflineGift } from './serialize-offline-gift';

/** How many of the latest gifts the office's list shows: older ones are in the donor table. */
export const RECENT_OFFLINE_GIFTS = 50;

/** The latest gifts the office recorded, newest received first, voided ones with them. */
export async function listOfflineGifts(db: Database, timeZone: string) {
  const rows = await db
    .select()
    .from(donations)
    .where(eq(donations.paymentMethod, 'offline'))
    .orderBy(desc(donations.createdAt), desc(donations.receiptNumber))
    .limit(RECENT_OFFLINE_GIFTS);
  return rows.map((row) => serializeOfflineGift(row, timeZone));
}
