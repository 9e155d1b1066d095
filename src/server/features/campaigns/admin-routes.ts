import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campaignIdParams,
  campaignInput,
  campaignList,
  campaignSaved,
  type CampaignRecord,
  type CampaignView,
} from '~/shared/schemas/campaigns';
import {
  campaignDedications,
  campaignDedicationsQuery,
} from '~/shared/schemas/campaign-dedications';
import { isoDateIn } from '~/shared/schedule';
import { campaignTimes, placeOf, type Place } from '~/server/lib/campaign-times';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { listDayDedications } from './list-day-dedications';
import { createCampaign, listCampaigns, updateCampaign } from './save-campaign';

/** The campaign with the end Shabbat and Yom Tov move it to, which the office plans by. */
function withTimes(campaign: CampaignRecord, place: Place): CampaignView {
  const times = campaignTimes(
    {
      startsAt: new Date(campaign.startsAt),
      endsAt: new Date(campaign.endsAt),
      openUntil: campaign.openUntil ? new Date(campaign.openUntil) : null,
      pauseForShabbat: campaign.pauseForShabbat,
    },
    place,
  );
  return {
    ...campaign,
    computedEndsAt: times.endsAt.toISOString(),
    computedOpenUntil: times.openUntil?.toISOString() ?? null,
    pauses: times.pauses.map((p) => ({
      start: p.start.toISOString(),
      end: p.end.toISOString(),
      kind: p.kind,
    })),
  };
}

/** The office's campaigns (inside /api/admin, behind its guard): made, edited, listed. */
export const adminCampaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const place = placeOf(app.siteConfig);
  app.get(
    '/campaigns',
    { schema: { response: { 200: campaignList } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { campaigns: (await listCampaigns(db)).map((c) => withTimes(c, place)) };
    },
  );
  app.post(
    '/campaigns',
    { schema: { body: campaignInput, response: { 201: campaignSaved } } },
    async (request, reply) => {
      const campaign = await createCampaign(db, request.body, auditContextOf(request, app.clock()));
      return reply.code(201).send({ campaign: withTimes(campaign, place) });
    },
  );
  app.put(
    '/campaigns/:id',
    { schema: { params: campaignIdParams, body: campaignInput, response: { 200: campaignSaved } } },
    async (request) => {
      const campaign = await updateCampaign(
        db,
        request.params.id,
        request.body,
        auditContextOf(request, app.clock()),
      );
      return { campaign: withTimes(campaign, place) };
    },
  );
  app.get(
    '/campaigns/:id/dedications',
    {
      schema: {
        params: campaignIdParams,
        querystring: campaignDedicationsQuery,
        response: { 200: campaignDedications },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { timeZone } = app.siteConfig;
      const date = request.query.date ?? isoDateIn(app.clock(), timeZone);
      return listDayDedications(db, request.params.id, date, timeZone);
    },
  );
};
