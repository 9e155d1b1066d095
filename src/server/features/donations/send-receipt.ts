import type { Donation } from '~/db/schema';
import type { DatabaseExecutor } from '../../jobs/types';
import { enqueueMail } from '../../mail/mail-job';
import type { DonationReceiptData } from '../../mail/templates/donation';

export function receiptData(donation: Donation): DonationReceiptData {
  return {
    donationId: donation.id,
    donorName: donation.donorName,
    amountCents: donation.amountCents,
    feeCents: donation.feeCents,
    currency: donation.currency,
    donatedAt: (donation.donatedAt ?? donation.createdAt).toISOString(),
    paymentMethod: donation.paymentMethod,
    donationType: donation.donationType,
    dedication:
      donation.dedicationKind && donation.dedicationName
        ? { kind: donation.dedicationKind, name: donation.dedicationName }
        : null,
  };
}

/**
 * Queues the receipt of a completed donation, in the transaction that completed it. The key
 * names the donation, so however many events, record-donation calls or verifications see the
 * success, one receipt goes out. Without an email yet (the donor has not given it), nothing is
 * queued; the call that brings the email queues it.
 */
export async function enqueueReceiptIfDue(tx: DatabaseExecutor, donation: Donation) {
  if (donation.paymentStatus !== 'succeeded' || !donation.email) return false;
  const { created } = await enqueueMail(tx, {
    key: `donation:${donation.id}:receipt`,
    to: donation.email,
    template: 'donation-receipt',
    data: receiptData(donation),
  });
  return created;
}
