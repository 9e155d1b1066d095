import type { LinkSigner } from '../../lib/signed-link';

/** The signed-link purpose of a receipt's PDF: a token for another purpose fails. */
export const RECEIPT_PDF_PURPOSE = 'receipt-pdf';

/**
 * How long a receipt mail's PDF link works: past the next tax season. It shows what the mail
 * itself shows (the donor's name, email and gift), to whoever holds the mail.
 */
export const RECEIPT_PDF_LINK_DAYS = 400;

const dayMs = 24 * 60 * 60 * 1000;

/** `/api/my-giving/receipts/<id>/receipt.pdf?token=…`: the receipt as PDF, without a session. */
export function receiptPdfUrl(
  links: { linkSigner: LinkSigner; publicUrl: string },
  donationId: string,
  now: Date,
): string {
  const expiresAt = new Date(now.getTime() + RECEIPT_PDF_LINK_DAYS * dayMs);
  const token = links.linkSigner.sign(RECEIPT_PDF_PURPOSE, donationId, expiresAt);
  return `${links.publicUrl}${receiptPdfPath(donationId)}?token=${encodeURIComponent(token)}`;
}

/** Where a gift's receipt PDF is served (with the donor's session, or a token). */
export const receiptPdfPath = (donationId: string) =>
  `/api/my-giving/receipts/${donationId}/receipt.pdf`;
