import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { statementSends, type ErasureRequest } from '~/db/schema';
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
import { centsToDecimal } from '~/shared/donor-labels';
import { AppError } from '~/server/errors';
import { csvRow, sendCsv } from '~/server/lib/csv';
import { zonedMinute } from '~/server/lib/zoned-time';
import { recordAudit } from '~/server/services/audit/record-audit';
import { decideErasure, listErasureRequests } from './erasure-requests';
import { statementPdfOf } from './giving-documents';
import { donorsOfYear, sendYearStatements, statementsSendAt } from './year-end-statements';

const erasureView = (r: ErasureRequest & { name?: string | null }) => ({
  id: r.id,
  email: r.email,
  name: r.name?.trim() || null,
  status: r.status,
  requestedAt: r.requestedAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

/**
 * Year-end statements for the office, inside /api/admin (behind its guard): the year's donors
 * with what each statement says and whether it went out, one statement as PDF (the preview),
 * the year's totals as CSV, and sending (or sending again) a year's statements or one donor's.
 */
export const adminStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  async function listing(year: number) {
    const donors = await donorsOfYear(app, year);
    const sends = await db.select().from(statementSends).where(eq(statementSends.year, year));
    const sent = new Map(sends.map((s) => [s.email, s]));
    return {
      year,
      sendsAt: statementsSendAt(app, year).toISOString(),
      totalCents: donors.reduce((sum, d) => sum + d.keptCents, 0),
      donors: donors.map((d) => ({
        ...d,
        sends: sent.get(d.email)?.sends ?? 0,
        lastSentAt: sent.get(d.email)?.lastSentAt.toISOString() ?? null,
      })),
    };
  }

  app.get(
    '/statements',
    { schema: { querystring: statementYearQuery, response: { 200: statementListing } } },
    async (request) => listing(request.query.year),
  );

  app.get(
    '/statements/preview.pdf',
    { schema: { querystring: statementPreviewQuery } },
    async (request, reply) => {
      const { year, email } = request.query;
      const pdf = await statementPdfOf(app, email, year);
      if (!pdf) {
        throw new AppError('not_found', `No gift from ${email} was received in ${year}.`);
      }
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
      await recordAudit(db, {
        actor: request.adminUser,
        action: 'export',
        target: 'statements',
        details: { year },
        ip: request.ip,
        at: app.clock(),
      });
      const { donors } = await listing(year);
      const timeZone = app.siteConfig.timeZone;
      // The same money and time formats as the donors' and members' CSVs.
      async function* lines() {
        yield csvRow(['Email', 'Name', 'Gifts', 'Total received', 'Statements sent', 'Last sent']);
        for (const d of donors) {
          yield csvRow([
            d.email,
            d.name,
            String(d.gifts),
            centsToDecimal(d.keptCents),
            String(d.sends),
            d.lastSentAt ? zonedMinute(new Date(d.lastSentAt), timeZone) : '',
          ]);
        }
      }
      return sendCsv(reply, `statements-${year}.csv`, lines());
    },
  );

  app.get(
    '/erasure-requests',
    { schema: { response: { 200: erasureRequestListing } } },
    async () => ({
      requests: (await listErasureRequests(db)).map(erasureView),
    }),
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
    async (request) => {
      const now = app.clock();
      const decided = await decideErasure(db, request.params.id, request.body.decision, {
        adminId: request.adminUser!.id,
        now,
      });
      await recordAudit(db, {
        actor: request.adminUser,
        action: 'erasure-decided',
        target: decided.id,
        details: { decision: request.body.decision },
        ip: request.ip,
        at: now,
      });
      return erasureView(decided);
    },
  );

  app.post(
    '/statements/send',
    { schema: { body: sendStatementsInput, response: { 200: sendStatementsResult } } },
    async (request) => {
      const { year, email, again = false } = request.body;
      if (email && (await donorsOfYear(app, year, email)).length === 0) {
        throw new AppError('validation_failed', `No gift from ${email} was received in ${year}.`, {
          email: `No gift from this email was received in ${year}`,
        });
      }
      const { queued } = await sendYearStatements(app, year, { email, again });
      await recordAudit(db, {
        actor: request.adminUser,
        action: 'statements-sent',
        target: email ?? `statements ${year}`,
        details: { year, again, queued },
        ip: request.ip,
        at: app.clock(),
      });
      const what = queued === 1 ? '1 statement' : `${queued} statements`;
      return {
        queued,
        message:
          queued === 0
            ? `Every ${year} statement was already sent. Choose "send again" to mail them once more.`
            : `${what} for ${year} queued to be mailed.`,
      };
    },
  );
};
