import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaignSlugParams, campaignSnapshot } from '~/shared/schemas/campaigns';
import { noContent } from '~/shared/schemas/common';
import { AppError } from '~/server/errors';
import { placeOf } from '~/server/lib/campaign-times';
import { matchesETag } from '~/server/public-cache/send-answer';
import { createSnapshotStore } from './snapshot';

const stores = new WeakMap<FastifyInstance, ReturnType<typeof createSnapshotStore>>();

/** The app's one snapshot store: the API and the campaign page read the same snapshots. */
export function campaignSnapshotsOf(app: FastifyInstance) {
  let store = stores.get(app);
  if (!store) {
    store = createSnapshotStore(app.database.db, app.clock, placeOf(app.siteConfig));
    stores.set(app, store);
  }
  return store;
}

/**
 * `GET /api/campaigns/:slug`: a published campaign's figures and wall from the snapshot kept in
 * memory (snapshot.ts), with an ETag: a page that polls gets 304 until a gift changes them.
 */
export const publicCampaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const snapshotOf = campaignSnapshotsOf(app);
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
