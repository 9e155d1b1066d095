import { isNotNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DatabaseExecutor } from '~/db/client';
import { campaignTeams, campaigns, siteContentVersions, videos } from '~/db/schema';
import { storedPhotoNames } from '~/server/features/campaigns';
import { listContentPhotos } from '~/server/features/site-photos';
import { listStoredMedia } from '~/server/features/videos';
import type { StoredMediaRef } from '~/server/services/media';

interface MediaNamer {
  /** The columns whose values name stored files. */
  columns: PgColumn[];
  list(db: DatabaseExecutor): Promise<StoredMediaRef[]>;
}

const photoKeys = [campaigns.photoKey, campaignTeams.photoKey];

/** Every campaign's and team's photo: `photo_key` describes its sizes as the content's images. */
async function listCampaignPhotos(db: DatabaseExecutor): Promise<StoredMediaRef[]> {
  const names: string[] = [];
  for (const column of photoKeys) {
    const rows = await db.select({ key: column }).from(column.table).where(isNotNull(column));
    names.push(...rows.flatMap((row) => storedPhotoNames(row.key)));
  }
  return names.map((name) => ({ name, kind: 'photo' }));
}

/**
 * What names stored media, and which columns each reads. A row whose files a backup leaves out
 * comes back from a restore with its pictures gone: media-named-by.test.ts fails on a column of
 * the schema that may name media and is neither here nor known not to.
 */
export const mediaNamers: MediaNamer[] = [
  {
    columns: [videos.videoFile, videos.thumbnailFile, videos.captionsFile],
    list: listStoredMedia,
  },
  // The draft and every published version: a restored draft finds its photos.
  { columns: [siteContentVersions.content], list: listContentPhotos },
  { columns: photoKeys, list: listCampaignPhotos },
];

/** Every stored file the database `db` names, each once. */
export async function mediaNamedBy(db: DatabaseExecutor): Promise<StoredMediaRef[]> {
  const byName = new Map<string, StoredMediaRef>();
  for (const namer of mediaNamers) {
    for (const ref of await namer.list(db)) byName.set(ref.name, ref);
  }
  return [...byName.values()];
}
