import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core/query-builders/select.types';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { donations } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { csvInBatches, olderThan } from '~/server/lib/csv';

/** Rows read per query while the CSV streams. */
const CSV_BATCH = 1000;

/** What every donations export reads: the gift, its donor and its date in the site's zone. */
const giftColumns = (timeZone: string) => ({
  id: donations.id,
  name: donations.donorName,
  email: donations.email,
  amountCents: donations.amountCents,
  type: donations.donationType,
  paymentMethod: donations.paymentMethod,
  status: donations.paymentStatus,
  voided: sql<boolean>`${donations.voidedAt} is not null`,
  localDate: sql<string>`to_char(${donations.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI')`,
  cursorAt: sql<string>`${donations.createdAt}::text`,
});

type GiftRow<F> = SelectResultFields<ReturnType<typeof giftColumns> & F>;

/**
 * The donations `where` chooses as a streamed CSV, newest first, read in batches: each row has
 * the gift's columns and the `columns` the export adds, and `toCells` writes its line.
 */
export function donationsCsv<F extends SelectedFields>(
  db: DatabaseExecutor,
  {
    header,
    where,
    timeZone,
    columns,
  }: { header: string[]; where: SQL | undefined; timeZone: string; columns: F },
  toCells: (row: GiftRow<F>) => (string | null | undefined)[],
) {
  return csvInBatches(
    header,
    CSV_BATCH,
    (cursor) =>
      db
        .select({ ...giftColumns(timeZone), ...columns })
        .from(donations)
        .where(and(where, olderThan(cursor, donations.createdAt, donations.id)))
        .orderBy(desc(donations.createdAt), desc(donations.id))
        // The row type drizzle infers for a generic selection is the one named here; TypeScript
        // cannot see it through the generic `F`.
        .limit(CSV_BATCH) as Promise<GiftRow<F>[]>,
    toCells,
  );
}
