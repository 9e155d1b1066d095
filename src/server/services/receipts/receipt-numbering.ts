import { receiptNumbering } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';

/**
 * Tells the database's receipt numbering (migration 0019, ADR 052) the site's time zone: a gift's
 * number belongs to the calendar year of the day it was received there.
 */
export async function setReceiptTimeZone(db: DatabaseExecutor, timeZone: string) {
  await db
    .insert(receiptNumbering)
    .values({ id: true, timeZone })
    .onConflictDoUpdate({ target: receiptNumbering.id, set: { timeZone } });
}
