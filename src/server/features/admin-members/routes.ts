import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoDateIn } from '~/shared/schedule';
import { sendCsv } from '~/server/lib/csv';
import { recordAudit } from '~/server/services/audit/record-audit';
import { listMembers, membersCsv } from './list-members';
import { memberFilters, memberListing, memberListQuery } from '~/shared/schemas/admin-members';
import { at } from '~/server/lib/route-at';
import { adminMembersApi } from '~/shared/api/admin-members';

/** The Members tab inside /api/admin (behind its guard): the list and its CSV, the export audited. */
export const adminMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { tiers, timeZone } = app.siteConfig;
  const tierIds = tiers.map((t) => t.id) as [string, ...string[]];
  const tierName = (id: string) => tiers.find((t) => t.id === id)?.name ?? id;

  app.route({
    ...at(app, adminMembersApi.list),
    schema: { querystring: memberListQuery(tierIds), response: { 200: memberListing } },
    handler: async (request) => {
      const { limit, offset, ...filters } = request.query;
      return listMembers(db, filters, { limit, offset });
    },
  });

  app.route({
    ...at(app, adminMembersApi.csv),
    schema: { querystring: z.object(memberFilters(tierIds)) },
    handler: async (request, reply) => {
      const filters = request.query;
      const now = app.clock();
      await recordAudit(db, {
        actor: request.adminUser,
        action: 'export',
        target: 'members',
        details: { tier: filters.tier ?? 'all', status: filters.status ?? 'all' },
        ip: request.ip,
        at: now,
      });
      return sendCsv(
        reply,
        `members-${isoDateIn(now, timeZone)}.csv`,
        membersCsv(db, filters, { timeZone, tierName }),
      );
    },
  });
};
