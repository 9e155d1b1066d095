import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns';
import { donations } from './donations';

/**
 * Each row of an imported file that became a gift, by its fingerprint (the donor, amount, date,
 * method, reference, and which of the file's identical rows it is): the same file imported again,
 * or twice at once, adds nothing. The key is claimed before the gift is written, so of two
 * imports racing for a row one waits for the other and then skips it (migration 0021). The
 * foreign key is checked at commit (DEFERRABLE INITIALLY DEFERRED in the migration), as the
 * key is written first.
 */
export const giftImportRows = pgTable(
  'gift_import_rows',
  {
    importKey: text('import_key').primaryKey(),
    donationId: uuid('donation_id')
      .notNull()
      .references(() => donations.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** The row's line in its file, the header being line 1. */
    line: integer('line').notNull(),
    importedAt: at('imported_at').notNull().defaultNow(),
  },
  (t) => [index('gift_import_rows_donation_id_idx').on(t.donationId)],
);
