import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse } from '~/shared/schemas/common';
import {
  commentInput,
  commentsQuery,
  publicCommentListing,
  publicVideoListing,
  publicVideosQuery,
  videoIdParams,
  videoLimits,
} from '~/shared/schemas/videos';
import { AppError } from '../../errors';
import { formRateLimit } from '../../plugins/rate-limit';
import { listApprovedComments } from './list-comments';
import { findPublishedVideo, listPublishedVideos } from './list-videos';
import { postComment } from './post-comment';

export const commentReceivedMessage =
  'Thank you! Your comment was received and will appear once it has been reviewed.';

/** The public video library (spec 7): published videos, approved comments, new comments. */
export const videoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  async function requirePublished(id: string) {
    if (!(await findPublishedVideo(db, id))) throw new AppError('not_found', 'No such video');
  }

  app.get(
    '/videos',
    { schema: { querystring: publicVideosQuery, response: { 200: publicVideoListing } } },
    async (request) =>
      listPublishedVideos(db, {
        limit: request.query.limit ?? videoLimits.publicPageSize,
        offset: request.query.offset ?? 0,
      }),
  );

  app.get(
    '/videos/:id/comments',
    {
      schema: {
        params: videoIdParams,
        querystring: commentsQuery,
        response: { 200: publicCommentListing },
      },
    },
    async (request) => {
      await requirePublished(request.params.id);
      return listApprovedComments(db, request.params.id, {
        limit: request.query.limit ?? 50,
        offset: request.query.offset ?? 0,
      });
    },
  );

  app.post(
    '/videos/:id/comments',
    {
      config: formRateLimit(app.env.FORM_RATE_LIMIT),
      schema: { params: videoIdParams, body: commentInput, response: { 200: messageResponse } },
    },
    async (request) => {
      const { website, ...comment } = request.body;
      if (website) {
        await requirePublished(request.params.id);
        request.log.info('honeypot filled: video comment dropped');
      } else {
        await postComment(db, request.params.id, comment, app.officeEmail);
        app.jobWorker.wake();
      }
      return { message: commentReceivedMessage };
    },
  );
};
