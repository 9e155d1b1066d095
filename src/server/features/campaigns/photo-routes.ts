import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseTransaction } from '~/db/client';
import { campaignIdParams, campaignPhotoSaved } from '~/shared/schemas/campaigns';
import { teamIdParams } from '~/shared/schemas/campaign-teams';
import {
  photoNamesIn,
  readPhotoUpload,
  photoMultipartLimits,
  storePhoto,
} from '~/server/features/site-photos';
import { mediaStoreFor, uploadLimits } from '~/server/services/media';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { campaignById } from './campaign-by-id';
import { setCampaignPhoto, type ReplacedPhoto } from './set-campaign-photo';
import { requireTeam, setTeamPhoto } from './set-team-photo';
import { storedPhotoNames } from './stored-photo';
import { at } from '~/server/lib/route-at';
import { campaignsApi } from '~/shared/api/campaigns';

/**
 * The campaign's photo and each team's (inside /api/admin: a session and the CSRF token), made
 * into their sizes by the site content's photo pipeline (EXIF gone, re-encoded) and kept in the
 * media store. The campaign's shows under its title, a team's on the team's page. Its own plugin,
 * so the multipart parser stays with these routes.
 */
export const adminCampaignPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const store = mediaStoreFor(app);
  const maxBytes = uploadLimits(app.env.MEDIA_MAX_MB).photo;
  await app.register(multipart, { limits: photoMultipartLimits(maxBytes) });

  /**
   * The upload in its sizes, kept, then written on its row by `write`, which answers what the row
   * held. The sizes of the photo it replaced are removed after the commit (until then the row
   * names them); the new ones are removed if the write fails.
   */
  async function keepPhoto(
    request: FastifyRequest,
    write: (tx: DatabaseTransaction, photoKey: string) => Promise<ReplacedPhoto>,
  ) {
    const onCleanupError = (error: unknown) =>
      request.log.warn({ err: error }, 'a photo size could not be removed from the media store');
    const image = await storePhoto(store, await readPhotoUpload(request, maxBytes), onCleanupError);
    let replaced: ReplacedPhoto;
    try {
      replaced = await db.transaction((tx) => write(tx, JSON.stringify(image)));
    } catch (error) {
      await store.remove(photoNamesIn(image)).catch(onCleanupError);
      throw error;
    }
    // The change is made; a size left behind costs disk space, not correctness.
    await store.remove(storedPhotoNames(replaced.photoKey)).catch(onCleanupError);
    return { photo: { ...image, alt: replaced.alt } };
  }

  const context = (request: FastifyRequest) => auditContextOf(request, app.clock());

  app.route({
    ...at(app, campaignsApi.uploadPhoto),
    schema: { params: campaignIdParams, response: { 200: campaignPhotoSaved } },
    handler: async (request) => {
      const { id } = request.params;
      await campaignById(db, id);
      return keepPhoto(request, (tx, photoKey) =>
        setCampaignPhoto(tx, id, photoKey, context(request)),
      );
    },
  });

  app.route({
    ...at(app, campaignsApi.uploadTeamPhoto),
    schema: { params: teamIdParams, response: { 200: campaignPhotoSaved } },
    handler: async (request) => {
      const { id, teamId } = request.params;
      // Checked before the upload is read: a photo for a team of another campaign is refused.
      await requireTeam(db, id, teamId);
      return keepPhoto(request, (tx, photoKey) =>
        setTeamPhoto(tx, id, teamId, photoKey, context(request)),
      );
    },
  });
};
