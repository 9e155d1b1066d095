import { and, desc, sql } from 'drizzle-orm';
import { donations } from '~/db/schema';
import type { Database } from '~/db/client';
import {
  centsToDecimal,
  donationTypeLabel,
  paymentMethodLabel,
  paymentStatusLabel,
} from '~/shared/donor-labels';
import { csvInBatches, olderThan } from '~/server/lib/csv';
import { donorWhere } from './donor-filters';
import type { DonorFilters } from '~/shared/schemas/admin-donors';

/** Rows read per query while the CSV streams. */
const CSV_BATCH = 1000;

/**
 * The donor export, newest first, with the list's filters (spec 9: the donors page's columns
 * Name, Email, Amount, Type, Date; the dashboard adds Payment Method and Status). Amounts are
 * dollars as received (refunds and voided gifts show in Status), dates the site's local time.
 */
export function donorsCsv(
  db: Database,
  filters: DonorFilters,
  { timeZone, columns }: { timeZone: string; columns: 'donors' | 'dashboard' },
) {
  const where = donorWhere(filters, timeZone);
  const full = columns === 'dashboard';
  const header = ['Name', 'Email', 'Amount', 'Type', 'Date'];
  if (full) header.push('Payment Method', 'Status');
  return csvInBatches(
    header,
    CSV_BATCH,
    (cursor) =>
      db
        .select({
          id: donations.id,
          name: donations.donorName,
          email: donations.email,
          amount: donations.amountCents,
          type: donations.donationType,
          method: donations.paymentMethod,
          status: donations.paymentStatus,
          voided: sql<boolean>`${donations.voidedAt} is not null`,
          localDate: sql<string>`to_char(${donations.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI')`,
          cursorAt: sql<string>`${donations.createdAt}::text`,
        })
        .from(donations)
        .where(and(where, olderThan(cursor, donations.createdAt, donations.id)))
        .orderBy(desc(donations.createdAt), desc(donations.id))
        .limit(CSV_BATCH),
    (r) => {
      const cells = [
        r.name,
        r.email,
        centsToDecimal(r.amount),
        donationTypeLabel(r.type),
        r.localDate,
      ];
      // A voided gift (a returned cheque) keeps its row, marked so no one adds it to a total.
      const status = r.voided ? 'Void' : paymentStatusLabel(r.status);
      if (full) cells.push(paymentMethodLabel(r.method), status);
      return cells;
    },
  );
}
