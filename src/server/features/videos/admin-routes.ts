import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCommentListing,
  adminCommentsQuery,
  adminComment,
  adminVideo,
  adminVideoListing,
  commentIdParams,
  publicVideosQuery,
  videoIdParams,
} from '~/shared/schemas/videos';
import { noContent } from '~/shared/schemas/common';
import { AppError } from '~/server/errors';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { createVideo } from './create-video';
import { deleteVideo } from './delete-video';
import { listAdminComments } from './list-comments';
import { findAdminVideo, listAdminVideos } from './list-videos';
import { mediaStoreFor } from '~/server/services/media';
import { approveComment, deleteComment } from './moderate-comment';
import { multipartLimits, readVideoForm } from './read-video-form';
import { updateVideo } from './update-video';
import { at } from '~/server/lib/route-at';
import { videosApi } from '~/shared/api/videos';

/**
 * The admin's video library (spec 7): upload, edit, publish, delete; moderate comments. Inside
 * the /api/admin context, so every call needs a session and every write its CSRF token. Only
 * these routes take multipart bodies (the video form with its files).
 */
export const adminVideoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const store = mediaStoreFor(app);
  const maxMb = app.env.MEDIA_MAX_MB;
  await app.register(multipart, { limits: multipartLimits(maxMb) });

  const context = (request: FastifyRequest) => auditContextOf(request, app.clock());
  const logCleanupError = (request: FastifyRequest) => (error: unknown) =>
    request.log.warn({ err: error }, 'a replaced media file could not be removed');
  const reload = async (id: string) => {
    const video = await findAdminVideo(db, id);
    if (!video) throw new AppError('not_found', 'No such video');
    return video;
  };

  app.route({
    ...at(app, videosApi.adminList),
    schema: { querystring: publicVideosQuery, response: { 200: adminVideoListing } },
    handler: async (request) => ({
      ...(await listAdminVideos(db, {
        limit: request.query.limit ?? 50,
        offset: request.query.offset ?? 0,
      })),
      maxUploadMb: maxMb,
    }),
  });

  app.route({
    ...at(app, videosApi.create),
    schema: { response: { 201: adminVideo } },
    handler: async (request, reply) => {
      const form = await readVideoForm(request, store, maxMb);
      const id = await createVideo(db, store, form, context(request), logCleanupError(request));
      return reply.status(201).send(await reload(id));
    },
  });

  app.route({
    ...at(app, videosApi.update),
    schema: { params: videoIdParams, response: { 200: adminVideo } },
    handler: async (request) => {
      const form = await readVideoForm(request, store, maxMb);
      const { id } = request.params;
      await updateVideo(db, store, id, form, context(request), logCleanupError(request));
      return reload(id);
    },
  });

  app.route({
    ...at(app, videosApi.remove),
    schema: { params: videoIdParams, response: { 204: noContent } },
    handler: async (request, reply) => {
      await deleteVideo(db, store, request.params.id, context(request), logCleanupError(request));
      return reply.status(204).send();
    },
  });

  app.route({
    ...at(app, videosApi.adminComments),
    schema: { querystring: adminCommentsQuery, response: { 200: adminCommentListing } },
    handler: async (request) =>
      listAdminComments(db, request.query.status ?? 'pending', {
        limit: request.query.limit ?? 50,
        offset: request.query.offset ?? 0,
      }),
  });

  app.route({
    ...at(app, videosApi.approveComment),
    schema: { params: commentIdParams, response: { 200: adminComment } },
    handler: async (request) => approveComment(db, request.params.id, context(request)),
  });

  app.route({
    ...at(app, videosApi.removeComment),
    schema: { params: commentIdParams, response: { 204: noContent } },
    handler: async (request, reply) => {
      await deleteComment(db, request.params.id, context(request));
      return reply.status(204).send();
    },
  });
};
