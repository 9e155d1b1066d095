import type { Database } from '~/db/client';
import {
  centsToDecimal,
  donationTypeLabel,
  paymentMethodLabel,
  paymentStatusLabel,
} from '~/shared/donor-labels';
import { donationsCsv } from '~/server/services/donors/donations-csv';
import { donorWhere } from './donor-filters';
import type { DonorFilters } from '~/shared/schemas/admin-donors';

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
  const full = columns === 'dashboard';
  const header = ['Name', 'Email', 'Amount', 'Type', 'Date'];
  if (full) header.push('Payment Method', 'Status');
  const where = donorWhere(filters, timeZone);
  return donationsCsv(db, { header, where, timeZone, columns: {} }, (r) => {
    const cells = [
      r.name,
      r.email,
      centsToDecimal(r.amountCents),
      donationTypeLabel(r.type),
      r.localDate,
    ];
    // A voided gift (a returned cheque) keeps its row, marked so no one adds it to a total.
    const status = r.voided ? 'Void' : paymentStatusLabel(r.status);
    if (full) cells.push(paymentMethodLabel(r.paymentMethod), status);
    return cells;
  });
}
