import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ambassadorRequestInput,
  ambassadorRequestSent,
  adminTeamList,
  adminTeamSaved,
  teamIdParams,
  teamInput,
  teamPageParams,
  type AmbassadorRequestInput,
} from '~/shared/schemas/campaign-teams';
import { campaignIdParams, campaignSlugParams, campaignTeamView } from '~/shared/schemas/campaigns';
import { messageResponse } from '~/shared/schemas/common';
import { AppError } from '~/server/errors';
import { formRateLimit } from '~/server/plugins/rate-limit';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { placeOf } from '~/server/lib/campaign-times';
import { createTeam, listTeams, requestTeam, updateTeam } from './save-team';
import { readTeamView } from './team-page-data';
import { slugsOfCampaignPath } from './campaign-paths';
import { at } from '~/server/lib/route-at';
import { campaignsApi } from '~/shared/api/campaigns';

/** `/campaign/<slug>` (the page the ambassador's form is posted to) → the campaign's slug. */
function campaignSlugOfPath(path: string) {
  const slugs = slugsOfCampaignPath(path);
  if (!slugs || slugs.team !== null) throw new AppError('not_found', 'There is no such campaign.');
  return slugs.campaign;
}

/**
 * The public side of teams: an approved team's standing and wall, and the ambassador's request
 * (the API, and the campaign page's form without JavaScript), under the forms' limit per visitor.
 */
export const publicTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  async function ask(slug: string, input: AmbassadorRequestInput, log: typeof app.log) {
    if (input.website) {
      log.info('honeypot filled: ambassador request dropped');
      return;
    }
    await requestTeam(db, slug, input, app.clock(), placeOf(app.siteConfig));
    log.info({ campaign: slug }, 'an ambassador asked for a team');
  }

  app.pageForms.set('ambassador-request', {
    sentMessage: ambassadorRequestSent,
    schema: ambassadorRequestInput,
    async submit(input: AmbassadorRequestInput, { path, log }) {
      await ask(campaignSlugOfPath(path), input, log);
      return { query: { sent: 'ambassador-request' }, anchor: 'ambassador' };
    },
  });

  app.route({
    ...at(app, campaignsApi.requestTeam),
    config: formRateLimit(app.env.FORM_RATE_LIMIT),
    schema: {
      params: campaignSlugParams,
      body: ambassadorRequestInput,
      response: { 201: messageResponse },
    },
    handler: async (request, reply) => {
      await ask(request.params.slug, request.body, request.log);
      return reply.code(201).send({ message: ambassadorRequestSent });
    },
  });

  app.route({
    ...at(app, campaignsApi.team),
    schema: { params: teamPageParams, response: { 200: campaignTeamView } },
    handler: async (request, reply) => {
      const view = await readTeamView(app, request.params.slug, request.params.team);
      if (!view) throw new AppError('not_found', 'There is no such team.');
      reply.header('cache-control', 'no-cache');
      return view;
    },
  });
};

/** The office's teams of a campaign (inside /api/admin, behind its guard): listed, made, edited. */
export const adminTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.route({
    ...at(app, campaignsApi.teams),
    schema: { params: campaignIdParams, response: { 200: adminTeamList } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { teams: await listTeams(db, request.params.id) };
    },
  });
  app.route({
    ...at(app, campaignsApi.createTeam),
    schema: { params: campaignIdParams, body: teamInput, response: { 201: adminTeamSaved } },
    handler: async (request, reply) => {
      const team = await createTeam(
        db,
        request.params.id,
        request.body,
        auditContextOf(request, app.clock()),
      );
      return reply.code(201).send({ team });
    },
  });
  app.route({
    ...at(app, campaignsApi.updateTeam),
    schema: { params: teamIdParams, body: teamInput, response: { 200: adminTeamSaved } },
    handler: async (request) => ({
      team: await updateTeam(
        db,
        request.params.id,
        request.params.teamId,
        request.body,
        auditContextOf(request, app.clock()),
      ),
    }),
  });
};
