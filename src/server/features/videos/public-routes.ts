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
import { AppError } from '../../errors';
import { formRateLimit } from '../../plugins/rate-limit';
import { listApprovedComments } from './list-comments';
import { findPublishedVideo, listPublishedVideos } from './list-videos';
import { postComment, videoGoneMessage } from './post-comment';

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
      await takeComment(request.params.id, request.body, request.log);
      return { message: commentReceivedMessage };
    },
  );
};
