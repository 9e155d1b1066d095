import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  sendStatementsInput,
  sendStatementsResult,
  statementListing,
  statementPreviewQuery,
  statementYearQuery,
} from '~/shared/schemas/admin-statements';
import {
  erasureDecisionInput,
  erasureRequestListing,
  erasureRequestParams,
  erasureRequestView,
} from '~/shared/schemas/my-giving';
import { sendCsv } from '~/server/lib/csv';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { decideErasureRequest } from './decide-erasure-request';
import { exportYearStatements } from './export-year-statements';
import { listErasureRequests } from './list-erasure-requests';
import { listYearStatements } from './list-year-statements';
import { previewStatement } from './preview-statement';
import { queueStatements } from './queue-statements';

/**
 * Year-end statements for the office, inside /api/admin (behind its guard): the year's donors
 * with what each statement says and whether it went out, one statement as PDF (the preview),
 * the year's totals as CSV, and sending (or sending again) a year's statements or one donor's;
 * and the donors' requests to be forgotten, to confirm or turn down.
 */
export const adminStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const context = (request: FastifyRequest) => auditContextOf(request, app.clock());

  app.get(
    '/statements',
    { schema: { querystring: statementYearQuery, response: { 200: statementListing } } },
    async (request) => listYearStatements(app, request.query.year),
  );

  app.get(
    '/statements/preview.pdf',
    { schema: { querystring: statementPreviewQuery } },
    async (request, reply) => {
      const { year, email } = request.query;
      const pdf = await previewStatement(app, email, year);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="statement-${year}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/statements.csv',
    { schema: { querystring: statementYearQuery } },
    async (request, reply) => {
      const { year } = request.query;
      const lines = await exportYearStatements(app, year, context(request));
      return sendCsv(reply, `statements-${year}.csv`, lines);
    },
  );

  app.get(
    '/erasure-requests',
    { schema: { response: { 200: erasureRequestListing } } },
    async () => ({ requests: await listErasureRequests(db) }),
  );

  app.post(
    '/erasure-requests/:id',
    {
      schema: {
        params: erasureRequestParams,
        body: erasureDecisionInput,
        response: { 200: erasureRequestView },
      },
    },
    async (request) =>
      decideErasureRequest(db, request.params.id, request.body.decision, context(request)),
  );

  app.post(
    '/statements/send',
    { schema: { body: sendStatementsInput, response: { 200: sendStatementsResult } } },
    async (request) => queueStatements(app, request.body, context(request)),
  );
};
