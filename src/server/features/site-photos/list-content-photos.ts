import type { DatabaseExecutor } from '~/db/client';
import { siteContentVersions } from '~/db/schema';
import type { StoredMediaRef } from '~/server/services/media';
import { photoNamesIn } from './photo-names';

/**
 * Every stored photo a version of the site's content names (the draft and every published
 * version, so a restore after a backup finds its photos), as the database `db` sees them.
 */
export async function listContentPhotos(db: DatabaseExecutor): Promise<StoredMediaRef[]> {
  const rows = await db.select({ content: siteContentVersions.content }).from(siteContentVersions);
  return photoNamesIn(rows.map((row) => row.content)).map((name) => ({ name, kind: 'photo' }));
}
