import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campaignIdParams,
  campaignInput,
  campaignList,
  campaignSaved,
} from '~/shared/schemas/campaigns';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { createCampaign, listCampaigns, updateCampaign } from './save-campaign';

/** The office's campaigns (inside /api/admin, behind its guard): made, edited, listed. */
export const adminCampaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    '/campaigns',
    { schema: { response: { 200: campaignList } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { campaigns: await listCampaigns(db) };
    },
  );
  app.post(
    '/campaigns',
    { schema: { body: campaignInput, response: { 201: campaignSaved } } },
    async (request, reply) => {
      const campaign = await createCampaign(db, request.body, auditContextOf(request, app.clock()));
      return reply.code(201).send({ campaign });
    },
  );
  app.put(
    '/campaigns/:id',
    { schema: { params: campaignIdParams, body: campaignInput, response: { 200: campaignSaved } } },
    async (request) => ({
      campaign: await updateCampaign(
        db,
        request.params.id,
        request.body,
        auditContextOf(request, app.clock()),
      ),
    }),
  );
};
