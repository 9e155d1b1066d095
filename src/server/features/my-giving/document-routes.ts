import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receiptPdfParams, statementPdfParams, tokenQuery } from '~/shared/schemas/my-giving';
import { getReceiptPdf } from './get-receipt-pdf';
import { getStatementPdf } from './get-statement-pdf';
import { requireDonor } from './page-data';
import { at } from '~/server/lib/route-at';
import { myGivingApi } from '~/shared/api/my-giving';

const sendPdf = (reply: FastifyReply, { pdf, filename }: { pdf: Buffer; filename: string }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);

/**
 * Receipts and year-end statements as PDF: with the donor's session, only their own
 * gifts; also with the signed link their mail carries (no session needed).
 */
export const givingDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The link's token when the address carries one, else the donor of the session (or a 401). */
  const readerOf = async (request: FastifyRequest, token: string | undefined) =>
    token !== undefined ? { token } : { email: (await requireDonor(app, request)).email };

  app.route({
    ...at(app, myGivingApi.receipt),
    schema: { params: receiptPdfParams, querystring: tokenQuery },
    handler: async (request, reply) => {
      const reader = await readerOf(request, request.query.token);
      return sendPdf(reply, await getReceiptPdf(app, request.params.id, reader));
    },
  });

  app.route({
    ...at(app, myGivingApi.statement),
    schema: { params: statementPdfParams, querystring: tokenQuery },
    handler: async (request, reply) => {
      const reader = await readerOf(request, request.query.token);
      return sendPdf(reply, await getStatementPdf(app, request.params.year, reader));
    },
  });
};
