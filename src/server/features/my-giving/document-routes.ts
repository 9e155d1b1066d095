import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { donations } from '~/db/schema';
import { receiptPdfParams, statementPdfParams, tokenQuery } from '~/shared/schemas/my-giving';
import { AppError } from '~/server/errors';
import { RECEIPT_PDF_PURPOSE } from '~/server/services/receipts/receipt-pdf-link';
import { giftsOf } from './donor-gifts';
import { receiptPdfOf, statementPdfOf } from './giving-documents';
import { requireDonor } from './page';
import { STATEMENT_PDF_PURPOSE, statementOfSubject } from './statement-link';

const sendPdf = (reply: FastifyReply, filename: string, pdf: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);

const notYours = () =>
  new AppError('not_found', 'We found no such receipt among your gifts. Open My Giving again.');

/**
 * Receipts and year-end statements as PDF: with the donor's session, only their own
 * gifts; a receipt also with the signed link its mail carries (no session needed).
 */
export const givingDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/my-giving/receipts/:id/receipt.pdf',
    { schema: { params: receiptPdfParams, querystring: tokenQuery } },
    async (request, reply) => {
      const { id } = request.params;
      const token = request.query.token;
      let gift;
      if (token !== undefined) {
        const check = app.linkSigner.verify(RECEIPT_PDF_PURPOSE, token, app.clock());
        if (!check.ok || check.subject !== id) {
          throw new AppError(
            'not_found',
            'This receipt link is not valid or has expired. Open My Giving to download your receipts.',
          );
        }
        [gift] = await db.select().from(donations).where(eq(donations.id, id));
      } else {
        const donor = await requireDonor(app, request);
        gift = (await giftsOf(db, donor.email, 'newest')).find((g) => g.id === id);
      }
      const pdf = gift ? await receiptPdfOf(app, gift) : null;
      if (!gift || !pdf) throw notYours();
      const day = gift.createdAt.toISOString().slice(0, 10);
      return sendPdf(reply, `receipt-${day}.pdf`, pdf);
    },
  );

  app.get(
    '/my-giving/statements/:year/statement.pdf',
    { schema: { params: statementPdfParams, querystring: tokenQuery } },
    async (request, reply) => {
      const { year } = request.params;
      const token = request.query.token;
      let email: string;
      if (token !== undefined) {
        const check = app.linkSigner.verify(STATEMENT_PDF_PURPOSE, token, app.clock());
        const signed = check.ok ? statementOfSubject(check.subject) : null;
        if (!signed || signed.year !== String(year)) {
          throw new AppError(
            'not_found',
            'This statement link is not valid or has expired. Open My Giving to download your statements.',
          );
        }
        email = signed.email;
      } else {
        email = (await requireDonor(app, request)).email;
      }
      const pdf = await statementPdfOf(app, email, year);
      if (!pdf) {
        throw new AppError(
          'not_found',
          `We have no gift from you received in ${request.params.year}, so there is no statement for it.`,
        );
      }
      return sendPdf(reply, `giving-statement-${request.params.year}.pdf`, pdf);
    },
  );
};
