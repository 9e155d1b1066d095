import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentImage } from '~/shared/schemas/site-content';
import { mediaStoreFor, uploadLimits } from '~/server/services/media';
import { photoMultipartLimits, readPhotoUpload } from './read-photo-upload';
import { storePhoto } from './store-photo';
import { at } from '~/server/lib/route-at';
import { sitePhotosApi } from '~/shared/api/site-photos';

/**
 * The site content's photo upload: inside the /api/admin context, so it needs a
 * session and the CSRF token, as the video upload does. The answer is the photo's ContentImage,
 * which the editor puts in the draft with its alt text; nothing refers to the files until then.
 */
export const adminSitePhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = mediaStoreFor(app);
  const maxBytes = uploadLimits(app.env.MEDIA_MAX_MB).photo;
  await app.register(multipart, { limits: photoMultipartLimits(maxBytes) });

  app.route({
    ...at(app, sitePhotosApi.upload),
    schema: { response: { 201: contentImage } },
    handler: async (request, reply) => {
      const photo = await readPhotoUpload(request, maxBytes);
      const image = await storePhoto(store, photo, (error) =>
        request.log.warn(
          { err: error },
          'a photo size stored before a failure could not be removed',
        ),
      );
      return reply.status(201).send(image);
    },
  });
};
