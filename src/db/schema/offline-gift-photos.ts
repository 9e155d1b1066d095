import { customType, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns';
import { donations } from './donations';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The photo of the cheque or voucher behind a gift the office recorded: one per gift, replaced
 * by the next. Kept in the database, not the media folder or bucket, because everything there
 * is served by /media to anyone: this one is the office's alone, read only through the admin API,
 * and backed up and erased with the gift's other data.
 */
export const offlineGiftPhotos = pgTable('offline_gift_photos', {
  donationId: uuid('donation_id')
    .primaryKey()
    .references(() => donations.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  byteLength: integer('byte_length').notNull(),
  data: bytea('data').notNull(),
  addedAt: at('added_at').notNull().defaultNow(),
});

export type OfflineGiftPhoto = typeof offlineGiftPhotos.$inferSelect;
