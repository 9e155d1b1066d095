import { and, eq } from 'drizzle-orm';
import { jobs, type Donation } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { giftMethodLabel } from '~/shared/gift-method';
import { enqueueMail } from '~/server/services/mail/mail-job';
import { membershipTierOf } from './acknowledgement';
import { campaignLineOf } from './campaign-line';
import { campaignOptOutUrl } from './opt-out-link';
import { receiptPdfUrl } from './receipt-pdf-link';
import { enqueueReceiptIfDue, receiptData, type ReceiptLinks } from './send-receipt';

/** The idempotency key of a gift's first receipt mail (`enqueueReceiptIfDue`). */
const receiptJobKey = (donationId: string) => `mail:donation:${donationId}:receipt`;

/**
 * Takes back a gift's receipt that is queued and not yet sent (a gift corrected or voided minutes
 * after it was recorded): the donor then never reads the wrong one. True when one was taken back.
 * A job the worker has already claimed is left alone: it counts as sent.
 */
export async function withdrawPendingReceipt(tx: DatabaseExecutor, donationId: string) {
  const removed = await tx
    .delete(jobs)
    .where(and(eq(jobs.idempotencyKey, receiptJobKey(donationId)), eq(jobs.status, 'pending')))
    .returning({ id: jobs.id });
  return removed.length > 0;
}

/**
 * After the office corrected a gift: a receipt still queued is replaced by the right one; a
 * receipt already sent gets a corrected receipt (same number, saying it replaces the first); a
 * gift without a receipt yet (no email until now) gets its first one.
 */
export async function resendCorrectedReceipt(
  tx: DatabaseExecutor,
  before: Donation,
  after: Donation,
  { links, now }: ReceiptLinks,
) {
  const wasQueued = await withdrawPendingReceipt(tx, after.id);
  if (wasQueued || !before.email) return enqueueReceiptIfDue(tx, after, { links, now });
  if (!after.email) return false;
  const { created } = await enqueueMail(tx, {
    key: `donation:${after.id}:receipt-corrected:${now.getTime()}`,
    to: after.email,
    template: 'donation-receipt',
    data: {
      ...receiptData(after),
      corrected: true,
      pdfUrl: receiptPdfUrl(links, after.id, now),
      tier: await membershipTierOf(tx, after),
      campaignLine: await campaignLineOf(tx, after),
      optOutUrl: after.campaignId ? campaignOptOutUrl(links, after.id, now) : null,
    },
  });
  return created;
}

/**
 * After the office voided a gift: a receipt still queued is taken back and nothing is sent;
 * a donor who had the receipt is told its number is void, with the office's note for them.
 */
export async function sendVoidNotice(
  tx: DatabaseExecutor,
  gift: Donation,
  donorNote: string | null,
) {
  if (await withdrawPendingReceipt(tx, gift.id)) return false;
  if (!gift.email || !gift.receiptNumber) return false;
  const { created } = await enqueueMail(tx, {
    key: `donation:${gift.id}:receipt-void`,
    to: gift.email,
    template: 'receipt-void',
    data: {
      donorName: gift.donorName,
      receiptNumber: gift.receiptNumber,
      amountCents: gift.amountCents,
      currency: gift.currency,
      donatedAt: (gift.donatedAt ?? gift.createdAt).toISOString(),
      methodLine: giftMethodLabel(gift),
      donorNote,
    },
  });
  return created;
}
