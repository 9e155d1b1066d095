import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  sendStatementsInput,
  sendStatementsResult,
  statementListing,
  statementPreviewQuery,
  statementYearQuery,
  erasureDecisionInput,
  erasureRequestListing,
  erasureRequestParams,
  erasureRequestView,
} from '~/shared/schemas/admin-statements';
import { sendCsv } from '~/server/lib/csv';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { decideErasureRequest } from './decide-erasure-request';
import { exportYearStatements } from './export-year-statements';
import { listErasureRequests } from './list-erasure-requests';
import { listYearStatements } from './list-year-statements';
import { previewStatement } from './preview-statement';
import { queueStatements } from './queue-statements';
import { at } from '~/server/lib/route-at';
import { adminStatementsApi } from '~/shared/api/admin-statements';

/**
 * Year-end statements for the office, inside /api/admin (behind its guard): the year's donors
 * with what each statement says and whether it went out, one statement as PDF (the preview),
 * the year's totals as CSV, and sending (or sending again) a year's statements or one donor's;
 * and the donors' requests to be forgotten, to confirm or turn down.
 */
export const adminStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const context = (request: FastifyRequest) => auditContextOf(request, app.clock());

  app.route({
    ...at(app, adminStatementsApi.statements),
    schema: { querystring: statementYearQuery, response: { 200: statementListing } },
    handler: async (request) => listYearStatements(app, request.query.year),
  });

  app.route({
    ...at(app, adminStatementsApi.statementPreview),
    schema: { querystring: statementPreviewQuery },
    handler: async (request, reply) => {
      const { year, email } = request.query;
      const pdf = await previewStatement(app, email, year);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="statement-${year}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  });

  app.route({
    ...at(app, adminStatementsApi.statementsCsv),
    schema: { querystring: statementYearQuery },
    handler: async (request, reply) => {
      const { year } = request.query;
      const lines = await exportYearStatements(app, year, context(request));
      return sendCsv(reply, `statements-${year}.csv`, lines);
    },
  });

  app.route({
    ...at(app, adminStatementsApi.erasureRequests),
    schema: { response: { 200: erasureRequestListing } },
    handler: async () => ({ requests: await listErasureRequests(db) }),
  });

  app.route({
    ...at(app, adminStatementsApi.answerErasureRequest),
    schema: {
      params: erasureRequestParams,
      body: erasureDecisionInput,
      response: { 200: erasureRequestView },
    },
    handler: async (request) =>
      decideErasureRequest(db, request.params.id, request.body.decision, context(request)),
  });

  app.route({
    ...at(app, adminStatementsApi.sendStatements),
    schema: { body: sendStatementsInput, response: { 200: sendStatementsResult } },
    handler: async (request) => queueStatements(app, request.body, context(request)),
  });
};
