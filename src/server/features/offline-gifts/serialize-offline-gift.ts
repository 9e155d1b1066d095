import type { Donation } from '~/db/schema';
import { zonedParts } from '~/server/lib/zoned-time';
import { dedicationOf } from '~/server/lib/dedication';

/** An offline gift as the admin API shows it: rows are not the wire format. */
export function serializeOfflineGift(row: Donation, timeZone: string) {
  const { year, month, day } = zonedParts(row.donatedAt ?? row.createdAt, timeZone);
  return {
    id: row.id,
    receiptNumber: row.receiptNumber ?? '',
    name: row.donorName ?? '',
    email: row.email,
    address: row.postalAddress,
    amount: row.amountCents / 100,
    method: row.offlineMethod ?? 'other',
    receivedOn: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    reference: row.offlineReference,
    dedication: dedicationOf(row),
    note: row.officeNote,
    voided: row.voidedAt !== null,
  };
}
