import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDateIn } from '~/shared/schedule';
import { sendCsv } from '~/server/lib/csv';
import { requireAdmin } from '~/server/plugins/admin-guard';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { recordAudit } from '~/server/services/audit/record-audit';
import { assertCampaignFilter, describeFilters } from './donor-filters';
import { donorsCsv } from './donors-csv';
import { findDonorRecords } from './find-donor-records';
import { listDonors } from './list-donors';
import { mergeDonors } from './merge-donors';
import { createPaymentStats } from './payment-stats';
import {
  donorCsvQuery,
  donorListing,
  donorListQuery,
  paymentStats,
  paymentStatsQuery,
} from '~/shared/schemas/admin-donors';
import {
  donorMerged,
  donorMergeInput,
  donorMergeParams,
  donorRecordList,
  donorRecordQuery,
} from '~/shared/schemas/donor-records';
import { at } from '~/server/lib/route-at';
import { adminDonorsApi } from '~/shared/api/admin-donors';

const listSchema = { querystring: donorListQuery, response: { 200: donorListing } };

/**
 * The donor dashboard's calls inside /api/admin (behind its guard): the list, its CSV and the
 * payment stats. What counts as money is defined in payment-stats.ts.
 */
export const adminDonorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { timeZone } = app.siteConfig;
  const stats = createPaymentStats(db, app.clock, timeZone);

  app.route({
    ...at(app, adminDonorsApi.list),
    schema: listSchema,
    handler: async (request) => {
      await assertCampaignFilter(db, request.query.campaign);
      return listDonors(db, request.query, timeZone);
    },
  });

  app.route({
    ...at(app, adminDonorsApi.records),
    schema: { querystring: donorRecordQuery, response: { 200: donorRecordList } },
    handler: async (request) => ({ donors: await findDonorRecords(db, request.query) }),
  });

  app.route({
    ...at(app, adminDonorsApi.merge),
    schema: { params: donorMergeParams, body: donorMergeInput, response: { 200: donorMerged } },
    handler: async (request) =>
      mergeDonors(db, request.params.id, request.body, auditContextOf(request, app.clock())),
  });

  app.route({
    ...at(app, adminDonorsApi.paymentStats),
    schema: { querystring: paymentStatsQuery, response: { 200: paymentStats } },
    handler: async (request) => {
      await assertCampaignFilter(db, request.query.campaign);
      return stats.read(request.query);
    },
  });

  app.route({
    ...at(app, adminDonorsApi.csv),
    schema: { querystring: donorCsvQuery },
    handler: async (request, reply) => {
      const { columns, ...filters } = request.query;
      await assertCampaignFilter(db, filters.campaign);
      const now = app.clock();
      await recordAudit(db, {
        actor: request.adminUser,
        action: 'export',
        target: 'donors',
        details: { columns, ...describeFilters(filters) },
        ip: request.ip,
        at: now,
      });
      return sendCsv(
        reply,
        `donors-${isoDateIn(now, timeZone)}.csv`,
        donorsCsv(db, filters, { timeZone, columns }),
      );
    },
  });
};

/** Spec 7's `GET /api/donors`, outside /api/admin: the same list, for admins only. */
export const donorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...at(app, adminDonorsApi.legacyList),
    onRequest: requireAdmin,
    schema: listSchema,
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await assertCampaignFilter(app.database.db, request.query.campaign);
      return listDonors(app.database.db, request.query, app.siteConfig.timeZone);
    },
  });
};
