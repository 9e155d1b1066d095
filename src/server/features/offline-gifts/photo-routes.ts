import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent } from '~/shared/schemas/common';
import { offlineGiftParams } from '~/shared/schemas/offline-gifts';
import { AppError } from '~/server/errors';
import { photoMultipartLimits, readPhotoUpload } from '~/server/features/site-photos';
import { uploadLimits } from '~/server/services/media';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { assertOfflineGift, attachGiftPhoto, readGiftPhoto } from './gift-photo';
import { at } from '~/server/lib/route-at';
import { offlineGiftsApi } from '~/shared/api/offline-gifts';

/**
 * The photo of a cheque or voucher, kept with the gift: uploaded through the site content's photo
 * pipeline (checked by its bytes, metadata stripped, re-encoded), read back only here, behind
 * /api/admin's guard. No public route serves it: it is not in the media store.
 */
export const offlineGiftPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = uploadLimits(app.env.MEDIA_MAX_MB).photo;
  await app.register(multipart, { limits: photoMultipartLimits(maxBytes) });

  app.route({
    ...at(app, offlineGiftsApi.uploadPhoto),
    schema: { params: offlineGiftParams, response: { 204: noContent } },
    handler: async (request, reply) => {
      // An unknown gift is refused before its photo is decoded.
      await assertOfflineGift(app.database.db, request.params.id);
      const photo = await readPhotoUpload(request, maxBytes);
      await attachGiftPhoto(
        app.database.db,
        request.params.id,
        photo,
        auditContextOf(request, app.clock()),
      );
      return reply.code(204).send();
    },
  });

  app.route({
    ...at(app, offlineGiftsApi.photo),
    schema: { params: offlineGiftParams },
    handler: async (request, reply) => {
      const photo = await readGiftPhoto(app.database.db, request.params.id);
      if (!photo)
        throw new AppError('not_found', 'This gift has no photo of its cheque or voucher.');
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'inline')
        .type(photo.contentType)
        .send(photo.data);
    },
  });
};
