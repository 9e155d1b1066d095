import type { Donation } from '~/db/schema';

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
