import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  offlineGiftCreated,
  offlineGiftEditInput,
  offlineGiftInput,
  offlineGiftList,
  offlineGiftParams,
  offlineGiftVoidInput,
} from '~/shared/schemas/offline-gifts';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { clearOfflineGift } from './clear-offline-gift';
import { editOfflineGift } from './edit-offline-gift';
import { listOfflineGifts } from './list-offline-gifts';
import { recordOfflineGift } from './record-offline-gift';
import { voidOfflineGift } from './void-offline-gift';
import { at } from '~/server/lib/route-at';
import { offlineGiftsApi } from '~/shared/api/offline-gifts';

/** The office's ledger of gifts received another way than the site's checkout (ADR 052). */
export const offlineGiftRoutes: FastifyPluginAsyncZod = async (app) => {
  const ledgerContext = (request: FastifyRequest) => ({
    ...auditContextOf(request, app.clock()),
    timeZone: app.siteConfig.timeZone,
    links: { linkSigner: app.linkSigner, publicUrl: app.env.PUBLIC_URL },
  });

  app.route({
    ...at(app, offlineGiftsApi.list),
    schema: { response: { 200: offlineGiftList } },
    handler: async () => ({
      gifts: await listOfflineGifts(app.database.db, app.siteConfig.timeZone),
    }),
  });

  app.route({
    ...at(app, offlineGiftsApi.create),
    schema: { body: offlineGiftInput, response: { 201: offlineGiftCreated } },
    handler: async (request, reply) => {
      const gift = await recordOfflineGift(app.database.db, request.body, ledgerContext(request));
      return reply.code(201).send({ gift });
    },
  });

  app.route({
    ...at(app, offlineGiftsApi.update),
    schema: {
      params: offlineGiftParams,
      body: offlineGiftEditInput,
      response: { 200: offlineGiftCreated },
    },
    handler: async (request) => ({
      gift: await editOfflineGift(
        app.database.db,
        request.params.id,
        request.body,
        ledgerContext(request),
      ),
    }),
  });

  app.route({
    ...at(app, offlineGiftsApi.clear),
    schema: { params: offlineGiftParams, response: { 200: offlineGiftCreated } },
    handler: async (request) => ({
      gift: await clearOfflineGift(app.database.db, request.params.id, ledgerContext(request)),
    }),
  });

  app.route({
    ...at(app, offlineGiftsApi.void),
    schema: {
      params: offlineGiftParams,
      body: offlineGiftVoidInput,
      response: { 200: offlineGiftCreated },
    },
    handler: async (request) => ({
      gift: await voidOfflineGift(
        app.database.db,
        request.params.id,
        request.body,
        ledgerContext(request),
      ),
    }),
  });
};
