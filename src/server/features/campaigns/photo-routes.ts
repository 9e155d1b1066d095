import multipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaignTeams, campaigns } from '~/db/schema';
import type { DatabaseTransaction } from '~/db/client';
import { campaignIdParams, campaignPhotoSaved } from '~/shared/schemas/campaigns';
import { teamIdParams } from '~/shared/schemas/campaign-teams';
import { AppError } from '~/server/errors';
import {
  photoNamesIn,
  readPhotoUpload,
  photoMultipartLimits,
  storePhoto,
} from '~/server/features/site-photos';
import { mediaStoreFor, uploadLimits } from '~/server/services/media';
import { recordAudit } from '~/server/services/audit/record-audit';
import { touchCampaign } from './settle-gift';
import { storedPhotoNames } from './stored-photo';
import { at } from '~/server/lib/route-at';
import { campaignsApi } from '~/shared/api/campaigns';

/** What a photo's row said before the new photo: the key it replaces and the photo's alt text. */
interface Replaced {
  photoKey: string | null;
  alt: string;
}

const noSuchCampaign = () => new AppError('not_found', 'There is no such campaign.');
const noSuchTeam = () => new AppError('not_found', 'This campaign has no such team.');

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
    write: (tx: DatabaseTransaction, photoKey: string) => Promise<Replaced>,
  ) {
    const onCleanupError = (error: unknown) =>
      request.log.warn({ err: error }, 'a photo size could not be removed from the media store');
    const image = await storePhoto(store, await readPhotoUpload(request, maxBytes), onCleanupError);
    let replaced: Replaced;
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

  app.route({
    ...at(app, campaignsApi.uploadPhoto),
    schema: { params: campaignIdParams, response: { 200: campaignPhotoSaved } },
    handler: async (request) => {
      const { id } = request.params;
      const [campaign] = await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(eq(campaigns.id, id));
      if (!campaign) throw noSuchCampaign();
      return keepPhoto(request, async (tx, photoKey) => {
        const [row] = await tx
          .select({ photoKey: campaigns.photoKey, slug: campaigns.slug, title: campaigns.title })
          .from(campaigns)
          .where(eq(campaigns.id, id))
          .for('update');
        if (!row) throw noSuchCampaign();
        await tx
          .update(campaigns)
          .set({ photoKey, updatedAt: app.clock() })
          .where(eq(campaigns.id, id));
        // The page's snapshot is rebuilt with the photo.
        await touchCampaign(tx, id);
        await recordAudit(tx, {
          actor: request.adminUser,
          action: 'campaign-photo-added',
          target: `campaign:${row.slug}`,
          details: { replaced: row.photoKey !== null },
          ip: request.ip,
          at: app.clock(),
        });
        return { photoKey: row.photoKey, alt: row.title };
      });
    },
  });

  app.route({
    ...at(app, campaignsApi.uploadTeamPhoto),
    schema: { params: teamIdParams, response: { 200: campaignPhotoSaved } },
    handler: async (request) => {
      const { id, teamId } = request.params;
      const ofCampaign = and(eq(campaignTeams.id, teamId), eq(campaignTeams.campaignId, id));
      const [known] = await db
        .select({ id: campaignTeams.id })
        .from(campaignTeams)
        .where(ofCampaign);
      // Checked before the upload is read: a photo for a team of another campaign is refused.
      if (!known) throw noSuchTeam();
      return keepPhoto(request, async (tx, photoKey) => {
        const [team] = await tx
          .select({
            photoKey: campaignTeams.photoKey,
            slug: campaignTeams.slug,
            name: campaignTeams.name,
          })
          .from(campaignTeams)
          .where(ofCampaign)
          .for('update');
        if (!team) throw noSuchTeam();
        const [campaign] = await tx
          .select({ slug: campaigns.slug })
          .from(campaigns)
          .where(eq(campaigns.id, id));
        await tx.update(campaignTeams).set({ photoKey, updatedAt: app.clock() }).where(ofCampaign);
        // A new version: the team's page, kept per version, is read again with the photo.
        await touchCampaign(tx, id);
        await recordAudit(tx, {
          actor: request.adminUser,
          action: 'team-photo-added',
          target: `campaign:${campaign!.slug}/team:${team.slug}`,
          details: { replaced: team.photoKey !== null },
          ip: request.ip,
          at: app.clock(),
        });
        return { photoKey: team.photoKey, alt: team.name };
      });
    },
  });
};
