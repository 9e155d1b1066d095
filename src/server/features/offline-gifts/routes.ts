import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { offlineGiftCreated, offlineGiftInput } from '~/shared/schemas/offline-gifts';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { recordOfflineGift } from './record-offline-gift';

/** The office's ledger of gifts received another way than the site's checkout (ADR 052). */
export const offlineGiftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/offline-gifts',
    { schema: { body: offlineGiftInput, response: { 201: offlineGiftCreated } } },
    async (request, reply) => {
      const gift = await recordOfflineGift(app.database.db, request.body, {
        ...auditContextOf(request, app.clock()),
        timeZone: app.siteConfig.timeZone,
        links: { linkSigner: app.linkSigner, publicUrl: app.env.PUBLIC_URL },
      });
      return reply.code(201).send({ gift });
    },
  );
};
