import type { DedicationKind, Donation } from '~/db/schema';

/** A donation as the API shows it (amounts in cents), not the row. */
export function serializeDonation(donation: Donation) {
  return {
    id: donation.id,
    amount: donation.amountCents,
    currency: donation.currency,
    donationType: donation.donationType,
    status: donation.paymentStatus,
  };
}

/** A row's dedication, or null: the columns are both set or both empty. */
export function dedicationOf(row: {
  dedicationKind: DedicationKind | null;
  dedicationName: string | null;
}) {
  return row.dedicationKind && row.dedicationName
    ? { kind: row.dedicationKind, name: row.dedicationName }
    : null;
}
