import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { campaignSlugParams, campaignSnapshot } from '~/shared/schemas/campaigns';
import { noContent } from '~/shared/schemas/common';
import { AppError } from '~/server/errors';
import { placeOf } from '~/server/lib/campaign-times';
import { matchesETag } from '~/server/public-cache/send-answer';
import { campaignSnapshotsOf } from './snapshots-of';
import { createLiveFeed } from './live-feed';
import { campaignOptOutForm } from './opt-out-page-data';
import type { PageForm } from '~/server/ssr/page-forms';
import { at } from '~/server/lib/route-at';
import { campaignsApi } from '~/shared/api/campaigns';
import { publicTeamRoutes } from './team-routes';

/** What a full feed tells the page: when to try the stream again; it polls meanwhile. */
const RETRY_AFTER_SECONDS = 60;

/**
 * `GET /api/campaigns/:slug`: a published campaign's figures and wall from the snapshot kept in
 * memory (snapshot-store.ts), with an ETag: a page that polls gets 304 until a gift changes them.
 * `GET /api/campaigns/:slug/events`: the same snapshot as server-sent events (live-feed.ts).
 */
export const publicCampaignRoutes: FastifyPluginAsyncZod = async (app) => {
  // Without JavaScript, a receipt's "Don't ask me again" page posts its button to the page.
  app.pageForms.set('campaign-opt-out', campaignOptOutForm(app) as PageForm);
  const clock = app.clock;
  const store = await campaignSnapshotsOf(app);
  const feed = createLiveFeed(store, {
    maxStreams: app.env.CAMPAIGN_STREAMS_MAX,
    place: placeOf(app.siteConfig),
    clock,
    log: app.log,
  });
  app.addHook('preClose', () => feed.close());
  await app.register(publicTeamRoutes);

  app.route({
    ...at(app, campaignsApi.snapshot),
    schema: { params: campaignSlugParams, response: { 200: campaignSnapshot, 304: noContent } },
    handler: async (request, reply) => {
      const kept = await store.read(request.params.slug);
      if (!kept) throw new AppError('not_found', 'There is no such campaign.');
      reply.header('cache-control', 'no-cache').header('etag', kept.etag);
      if (matchesETag(request.headers['if-none-match'], kept.etag)) {
        return reply.status(304).send();
      }
      return kept.snapshot;
    },
  });

  app.route({
    ...at(app, campaignsApi.events),
    schema: { params: campaignSlugParams, response: { 200: z.string() } },
    handler: async (request, reply) => {
      const kept = await store.read(request.params.slug);
      if (!kept) throw new AppError('not_found', 'There is no such campaign.');
      // Shed first: a full feed costs one refusal (the read above is from memory), and the
      // page polls the snapshot instead.
      if (!feed.hasRoom()) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        throw new AppError(
          'unavailable',
          'The live figures are busy: this page will check for new gifts every few seconds.',
        );
      }
      const lastEventId = request.headers['last-event-id'];
      // The headers set so far (the security headers) go out with the stream's own.
      const headers = reply.getHeaders();
      reply.hijack();
      feed.open(request.params.slug, kept, reply.raw, {
        lastEventId: typeof lastEventId === 'string' ? lastEventId : undefined,
        headers,
      });
    },
  });
};
