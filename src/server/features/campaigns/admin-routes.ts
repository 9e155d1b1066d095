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
  thankYouInput,
  thankYouReach as thankYouReachView,
  thankYouSent,
} from '~/shared/schemas/campaign-thank-you';
import {
  campaignDedications,
  campaignDedicationsQuery,
} from '~/shared/schemas/campaign-dedications';
import { campaignAnalytics as campaignAnalyticsView } from '~/shared/schemas/campaign-analytics';
import { isoDateIn } from '~/shared/schedule';
import { campaignTimes, placeOf, type Place } from '~/server/lib/campaign-times';
import { sendCsv } from '~/server/lib/csv';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { recordAudit } from '~/server/services/audit/record-audit';
import { campaignAnalytics } from './campaign-analytics';
import { campaignById } from './campaign-by-id';
import { campaignGiftsCsv } from './campaign-gifts-csv';
import { listDayDedications } from './list-day-dedications';
import { adminCampaignPhotoRoutes } from './photo-routes';
import { createCampaign, listCampaigns, updateCampaign } from './save-campaign';
import { sendThankYou, thankYouReach } from './thank-you';
import { at } from '~/server/lib/route-at';
import { campaignsApi } from '~/shared/api/campaigns';
import { adminTeamRoutes } from './team-routes';

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
  await app.register(adminCampaignPhotoRoutes);
  await app.register(adminTeamRoutes);
  app.route({
    ...at(app, campaignsApi.list),
    schema: { response: { 200: campaignList } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { campaigns: (await listCampaigns(db)).map((c) => withTimes(c, place)) };
    },
  });
  app.route({
    ...at(app, campaignsApi.create),
    schema: { body: campaignInput, response: { 201: campaignSaved } },
    handler: async (request, reply) => {
      const campaign = await createCampaign(db, request.body, auditContextOf(request, app.clock()));
      return reply.code(201).send({ campaign: withTimes(campaign, place) });
    },
  });
  app.route({
    ...at(app, campaignsApi.update),
    schema: { params: campaignIdParams, body: campaignInput, response: { 200: campaignSaved } },
    handler: async (request) => {
      const campaign = await updateCampaign(
        db,
        request.params.id,
        request.body,
        auditContextOf(request, app.clock()),
      );
      return { campaign: withTimes(campaign, place) };
    },
  });

  app.route({
    ...at(app, campaignsApi.giftsCsv),
    schema: { params: campaignIdParams },
    handler: async (request, reply) => {
      const campaign = await campaignById(db, request.params.id);
      const now = app.clock();
      await recordAudit(db, {
        actor: request.adminUser,
        action: 'export',
        target: `campaign:${campaign.slug}`,
        ip: request.ip,
        at: now,
      });
      const { timeZone } = app.siteConfig;
      return sendCsv(
        reply,
        `${campaign.slug}-gifts-${isoDateIn(now, timeZone)}.csv`,
        campaignGiftsCsv(db, campaign, timeZone),
      );
    },
  });

  app.route({
    ...at(app, campaignsApi.analytics),
    schema: { params: campaignIdParams, response: { 200: campaignAnalyticsView } },
    handler: async (request, reply) => {
      const campaign = await campaignById(db, request.params.id);
      reply.header('cache-control', 'no-store');
      return campaignAnalytics(db, campaign, place);
    },
  });

  app.route({
    ...at(app, campaignsApi.thankYouReach),
    schema: { params: campaignIdParams, response: { 200: thankYouReachView } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return thankYouReach(db, request.params.id);
    },
  });

  app.route({
    ...at(app, campaignsApi.sendThankYou),
    schema: { params: campaignIdParams, body: thankYouInput, response: { 200: thankYouSent } },
    handler: async (request) =>
      sendThankYou(db, request.params.id, request.body, auditContextOf(request, app.clock())),
  });

  app.route({
    ...at(app, campaignsApi.dedications),
    schema: {
      params: campaignIdParams,
      querystring: campaignDedicationsQuery,
      response: { 200: campaignDedications },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { timeZone } = app.siteConfig;
      const date = request.query.date ?? isoDateIn(app.clock(), timeZone);
      return listDayDedications(db, request.params.id, date, timeZone);
    },
  });
};
