import { myGivingApi } from '~/shared/api/my-giving';
import { urlOf } from '~/shared/route';
import { signedUrl, type SignedLinks } from '~/server/lib/signed-link';

/** The signed-link purpose of a receipt's PDF: a token for another purpose fails. */
export const RECEIPT_PDF_PURPOSE = 'receipt-pdf';

/**
 * How long a receipt mail's PDF link works: past the next tax season. It shows what the mail
 * itself shows (the donor's name, email and gift), to whoever holds the mail.
 */
export const RECEIPT_PDF_LINK_DAYS = 400;

/** `/api/my-giving/receipts/<id>/receipt.pdf?token=…`: the receipt as PDF, without a session. */
export function receiptPdfUrl(links: SignedLinks, donationId: string, now: Date): string {
  return signedUrl(
    links,
    {
      purpose: RECEIPT_PDF_PURPOSE,
      subject: donationId,
      path: receiptPdfPath(donationId),
      days: RECEIPT_PDF_LINK_DAYS,
    },
    now,
  );
}

/** Where a gift's receipt PDF is served (with the donor's session, or a token). */
export const receiptPdfPath = (donationId: string) =>
  urlOf(myGivingApi.receipt, { params: { id: donationId } });
