import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaignSlugParams, campaignSnapshot } from '~/shared/schemas/campaigns';
import { noContent } from '~/shared/schemas/common';
import { AppError } from '~/server/errors';
import { matchesETag } from '~/server/public-cache/send-answer';
import { createSnapshotStore } from './snapshot';

/**
 * `GET /api/campaigns/:slug`: a published campaign's figures and wall from the snapshot kept in
 * memory (snapshot.ts), with an ETag: a page that polls gets 304 until a gift changes them.
 */
export const publicCampaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const snapshotOf = createSnapshotStore(app.database.db, app.clock);
  app.get(
    '/campaigns/:slug',
    { schema: { params: campaignSlugParams, response: { 200: campaignSnapshot, 304: noContent } } },
    async (request, reply) => {
      const kept = await snapshotOf(request.params.slug);
      if (!kept) throw new AppError('not_found', 'There is no such campaign.');
      reply.header('cache-control', 'no-cache').header('etag', kept.etag);
      if (matchesETag(request.headers['if-none-match'], kept.etag)) {
        return reply.status(304).send();
      }
      return kept.snapshot;
    },
  );
};
