import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { donations } from '~/db/schema';
import { AppError } from '~/server/errors';
import { RECEIPT_PDF_PURPOSE } from '~/server/services/receipts/receipt-pdf-link';
import { giftsOf } from './donor-gifts';
import { receiptPdfOf } from './giving-documents';

/**
 * A gift's receipt as PDF, for whoever may read it: the signed link the receipt mail carries
 * opens the gift it names (no session needed); a donor signed in reads only their own gifts.
 */
export async function getReceiptPdf(
  app: FastifyInstance,
  id: string,
  reader: { token: string } | { email: string },
) {
  const { db } = app.database;
  let gift;
  if ('token' in reader) {
    const check = app.linkSigner.verify(RECEIPT_PDF_PURPOSE, reader.token, app.clock());
    if (!check.ok || check.subject !== id) {
      throw new AppError(
        'not_found',
        'This receipt link is not valid or has expired. Open My Giving to download your receipts.',
      );
    }
    [gift] = await db.select().from(donations).where(eq(donations.id, id));
  } else {
    gift = (await giftsOf(db, reader.email, 'newest')).find((g) => g.id === id);
  }
  const pdf = gift ? await receiptPdfOf(app, gift) : null;
  if (!gift || !pdf) {
    throw new AppError(
      'not_found',
      'We found no such receipt among your gifts. Open My Giving again.',
    );
  }
  const day = gift.createdAt.toISOString().slice(0, 10);
  return { pdf, filename: `receipt-${day}.pdf` };
}
