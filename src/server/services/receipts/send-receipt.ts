import type { Donation } from '~/db/schema';
import { giftMethodLabel, isFundGrant } from '~/shared/gift-method';
import type { DatabaseExecutor } from '~/db/client';
import { announceCompletedCharge } from '~/server/services/announcements/donation-events';
import { enqueueMail } from '~/server/services/mail/mail-job';
import type { DonationReceiptData } from '~/server/services/mail/templates/donation';
import { ojcCancelUrl } from './cancel-link';
import { manageGiftUrl, type ManageLinks } from './manage-link';
import { receiptPdfUrl } from './receipt-pdf-link';
import { dedicationOf } from '~/server/lib/dedication';
import { membershipTierOf } from './acknowledgement';
import { campaignLineOf } from './campaign-line';
import { campaignOptOutUrl } from './opt-out-link';

export function receiptData(donation: Donation): DonationReceiptData {
  return {
    donationId: donation.id,
    donorName: donation.donorName,
    amountCents: donation.amountCents,
    feeCents: donation.feeCents,
    currency: donation.currency,
    donatedAt: (donation.donatedAt ?? donation.createdAt).toISOString(),
    paymentMethod: donation.paymentMethod,
    methodLine: donation.paymentMethod === 'offline' ? giftMethodLabel(donation) : null,
    receiptNumber: donation.receiptNumber,
    donationType: donation.donationType,
    dedication: dedicationOf(donation),
    fundGrant: isFundGrant(donation),
  };
}

/** How a receipt's links are made: the signer, and the time the mail is queued. */
export interface ReceiptLinks {
  links: ManageLinks;
  now: Date;
}

/**
 * Queues the receipt of a completed donation, in the transaction that completed it. The key
 * names the donation, so however many events, record-donation calls or verifications see the
 * success, one receipt goes out. Without an email yet (the donor has not given it), nothing is
 * queued; the call that brings the email queues it. A monthly card gift's receipt carries the
 * link to manage it, a monthly OJC gift's the link to cancel it, signed now and stored with the
 * job.
 */
export async function enqueueReceiptIfDue(
  tx: DatabaseExecutor,
  donation: Donation,
  { links, now }: ReceiptLinks,
) {
  if (donation.paymentStatus !== 'succeeded' || !donation.email) return false;
  // The CRM and Zapier hear of the gift in the same transaction (once per donation).
  await announceCompletedCharge(tx, donation);
  const subscriptionId = donation.paymentMethod === 'stripe' ? donation.stripeSubscriptionId : null;
  const { created } = await enqueueMail(tx, {
    key: `donation:${donation.id}:receipt`,
    to: donation.email,
    template: 'donation-receipt',
    data: {
      ...receiptData(donation),
      manageUrl: subscriptionId ? manageGiftUrl(links, subscriptionId, now) : null,
      cancelUrl: donation.ojcSubscriptionId
        ? ojcCancelUrl(links, donation.ojcSubscriptionId, now)
        : null,
      pdfUrl: receiptPdfUrl(links, donation.id, now),
      // Its acknowledgement's words follow the membership it paid, as the PDF receipt's do.
      tier: await membershipTierOf(tx, donation),
      campaignLine: await campaignLineOf(tx, donation),
      optOutUrl: donation.campaignId ? campaignOptOutUrl(links, donation.id, now) : null,
    },
  });
  return created;
}
