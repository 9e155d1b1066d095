import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse } from '~/shared/schemas/common';
import {
  donorDataExportView,
  erasureRequestInput,
  givingLinkRequest,
  givingWallInput,
  myGiving,
} from '~/shared/schemas/my-giving';
import { assertFromThisSite } from '~/server/lib/link-session-cookie';
import { formRateLimit } from '~/server/plugins/rate-limit';
import { changeWallChoice, wallChoiceMessages } from './change-wall-choice';
import { givingDocumentRoutes } from './document-routes';
import { donorDataExport } from './export-donor-data';
import { erasureRequestedMessage, requestErasure } from './erasure-requests';
import {
  endGivingSession,
  givingLinkContext,
  givingLinkMessages,
  givingLinkRequests,
} from './giving-link';
import { loadMyGiving } from './load-my-giving';
import { donorOfCookie, registerMyGivingPageForms, requireDonor } from './page-data';
import { givingCookie } from './session-cookie';
import { at } from '~/server/lib/route-at';
import { myGivingApi } from '~/shared/api/my-giving';

/**
 * 'My giving': a donor's gifts, monthly gifts, membership, receipts and statements,
 * reached through a single-use emailed link that opens a short session in a cookie (page.ts,
 * ADR 021's machinery). The link is mailed only to an address a gift or membership has, and
 * the answer is the same either way.
 */
export const myGivingRoutes: FastifyPluginAsyncZod = async (app) => {
  registerMyGivingPageForms(app);
  await app.register(givingDocumentRoutes);
  // The cookie goes with every request from this browser: a change must come from this site.
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') assertFromThisSite(request);
  });

  app.route({
    ...at(app, myGivingApi.requestLink),
    config: formRateLimit(app.env.FORM_RATE_LIMIT),
    schema: { body: givingLinkRequest, response: { 200: messageResponse } },
    handler: async (request) => {
      await givingLinkRequests.request(app.database.db, request.body.email);
      app.jobWorker.wake();
      return { message: givingLinkMessages.sent };
    },
  });

  app.route({
    ...at(app, myGivingApi.export),
    schema: { response: { 200: donorDataExportView } },
    handler: async (request, reply) => {
      const donor = await requireDonor(app, request);
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'attachment; filename="my-data.json"');
      return JSON.parse(
        JSON.stringify(await donorDataExport(app.database.db, donor.email, app.clock())),
      ) as Record<string, unknown>;
    },
  });

  app.route({
    ...at(app, myGivingApi.erasure),
    schema: { body: erasureRequestInput, response: { 200: messageResponse } },
    handler: async (request) => {
      const donor = await requireDonor(app, request);
      await requestErasure(app.database.db, donor.email, app.clock());
      return { message: erasureRequestedMessage };
    },
  });

  app.route({
    ...at(app, myGivingApi.wall),
    schema: { body: givingWallInput, response: { 200: messageResponse } },
    handler: async (request) => {
      const donor = await requireDonor(app, request);
      await changeWallChoice(app.database.db, donor.email, request.body, {
        now: app.clock(),
        ip: request.ip,
      });
      request.log.info({ gift: request.body.gift, wall: request.body.wall }, 'wall choice changed');
      return { message: wallChoiceMessages.saved };
    },
  });

  app.route({
    ...at(app, myGivingApi.signOut),
    schema: { response: { 200: messageResponse } },
    handler: async (request, reply) => {
      const donor = await donorOfCookie(app, request);
      if (donor) await endGivingSession(givingLinkContext(app), donor);
      if (givingCookie.read(request) !== undefined) givingCookie.clear(request, reply);
      return { message: givingLinkMessages.signedOutNow };
    },
  });

  app.route({
    ...at(app, myGivingApi.giving),
    schema: { response: { 200: myGiving } },
    handler: async (request, reply) => {
      const donor = await requireDonor(app, request);
      reply.header('cache-control', 'private, no-store');
      return loadMyGiving(app, donor.email, donor.sessionEndsAt);
    },
  });
};
