import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type * as z from 'zod/mini';
import { messageResponse } from '~/shared/schemas/common';
import {
  commentInput,
  commentPageInput,
  commentsQuery,
  publicCommentListing,
  publicVideoListing,
  publicVideosQuery,
  videoIdParams,
  videoLimits,
} from '~/shared/schemas/videos';
import { AppError } from '~/server/errors';
import { formRateLimit } from '~/server/plugins/rate-limit';
import { listApprovedComments } from './list-comments';
import { findPublishedVideo, listPublishedVideos } from './list-videos';
import { postComment, videoGoneMessage } from './post-comment';
import { at } from '~/server/lib/route-at';
import { videosApi } from '~/shared/api/videos';

export const commentReceivedMessage =
  'Thank you! Your comment was received and will appear once it has been reviewed.';

/** The public video library (spec 7): published videos, approved comments, new comments. */
export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  async function requirePublished(id: string) {
    if (!(await findPublishedVideo(db, id))) throw new AppError('not_found', videoGoneMessage);
  }

  /** The API's and the page form's one way to take a comment. */
  async function takeComment(
    videoId: string,
    { website, ...comment }: z.output<typeof commentInput>,
    log: FastifyBaseLogger,
  ) {
    if (website) {
      await requirePublished(videoId);
      log.info('honeypot filled: video comment dropped');
      return;
    }
    await postComment(db, videoId, comment, app.officeEmail);
    app.jobWorker.wake();
  }

  // Without JavaScript, the comment forms post to /videos (ssr/page-forms.ts): the page comes
  // back at the same page of videos, saying so under the video's comments.
  app.pageForms.set('comment', {
    sentMessage: commentReceivedMessage,
    schema: commentPageInput,
    async submit({ videoId, ...comment }: z.output<typeof commentPageInput>, { log, url }) {
      await takeComment(videoId, comment, log);
      const page = url.searchParams.get('page');
      return {
        query: { ...(page ? { page } : {}), sent: 'comment', video: videoId },
        anchor: `comments-${videoId}`,
      };
    },
  });

  // Both reads are kept in memory per content version (src/server/public-cache, ADR 029): a
  // publication or an approved comment bumps it, and the next request reads the database again.
  const json = 'application/json; charset=utf-8';

  app.route({
    ...at(app, videosApi.list),
    schema: { querystring: publicVideosQuery, response: { 200: publicVideoListing } },
    handler: async (request, reply) => {
      const limit = request.query.limit ?? videoLimits.publicPageSize;
      const offset = request.query.offset ?? 0;
      return app.publicCache.send(request, reply, `api videos ${limit} ${offset}`, async () => ({
        body: reply.serialize(await listPublishedVideos(db, { limit, offset })),
        contentType: json,
        cacheable: true,
      }));
    },
  });

  app.route({
    ...at(app, videosApi.comments),
    schema: {
      params: videoIdParams,
      querystring: commentsQuery,
      response: { 200: publicCommentListing },
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const limit = request.query.limit ?? 50;
      const offset = request.query.offset ?? 0;
      // A video that is not published is refused (404) and nothing is kept for it.
      return app.publicCache.send(
        request,
        reply,
        `api comments ${id} ${limit} ${offset}`,
        async () => {
          await requirePublished(id);
          const listing = await listApprovedComments(db, id, { limit, offset });
          return { body: reply.serialize(listing), contentType: json, cacheable: true };
        },
      );
    },
  });

  app.route({
    ...at(app, videosApi.postComment),
    config: formRateLimit(app.env.FORM_RATE_LIMIT),
    schema: { params: videoIdParams, body: commentInput, response: { 200: messageResponse } },
    handler: async (request) => {
      await takeComment(request.params.id, request.body, request.log);
      return { message: commentReceivedMessage };
    },
  });
};
