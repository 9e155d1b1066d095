import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaigns } from '~/db/schema';
import { campaignIdParams, campaignPhotoSaved } from '~/shared/schemas/campaigns';
import { AppError } from '~/server/errors';
import { readPhotoUpload, photoMultipartLimits, storePhoto } from '~/server/features/site-photos';
import { mediaStoreFor, uploadLimits } from '~/server/services/media';
import { recordAudit } from '~/server/services/audit/record-audit';
import { touchCampaign } from './settle-gift';
import { at } from '~/server/lib/route-at';
import { campaignsApi } from '~/shared/api/campaigns';

/**
 * The campaign's photo (inside /api/admin: a session and the CSRF token), made into its sizes by
 * the site content's photo pipeline (EXIF gone, re-encoded) and kept in the media store. The
 * page shows it under the title and link previews use it. Its own plugin, so the multipart
 * parser stays with this route.
 */
export const adminCampaignPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const store = mediaStoreFor(app);
  const maxBytes = uploadLimits(app.env.MEDIA_MAX_MB).photo;
  await app.register(multipart, { limits: photoMultipartLimits(maxBytes) });

  app.route({
    ...at(app, campaignsApi.uploadPhoto),
    schema: { params: campaignIdParams, response: { 200: campaignPhotoSaved } },
    handler: async (request) => {
      const [campaign] = await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(eq(campaigns.id, request.params.id));
      if (!campaign) throw new AppError('not_found', 'There is no such campaign.');
      const photo = await readPhotoUpload(request, maxBytes);
      const image = await storePhoto(store, photo, (error) =>
        request.log.warn(
          { err: error },
          'a photo size stored before a failure could not be removed',
        ),
      );
      const saved = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(campaigns)
          .set({ photoKey: JSON.stringify(image), updatedAt: app.clock() })
          .where(eq(campaigns.id, campaign.id))
          .returning({ slug: campaigns.slug, title: campaigns.title });
        if (!row) throw new AppError('not_found', 'There is no such campaign.');
        // The page's snapshot is rebuilt with the photo.
        await touchCampaign(tx, campaign.id);
        await recordAudit(tx, {
          actor: request.adminUser,
          action: 'campaign-photo-added',
          target: `campaign:${row.slug}`,
          ip: request.ip,
          at: app.clock(),
        });
        return row;
      });
      return { photo: { ...image, alt: saved.title } };
    },
  });
};
