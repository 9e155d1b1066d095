import type { DatabaseExecutor } from '~/db/client';
import { videos } from '~/db/schema';
import type { StoredMediaRef } from '~/server/services/media';

/** The files a video row names; photos are named by the site content (photoNamesIn). */
const videoFileKinds = ['video', 'thumbnail', 'captions'] as const;

/**
 * Every stored file a video row names (its video, thumbnail and captions), as the database `db`
 * sees them: the backup copies exactly these, read in the same snapshot as its database dump.
 */
export async function listStoredMedia(db: DatabaseExecutor): Promise<StoredMediaRef[]> {
  const rows = await db
    .select({
      video: videos.videoFile,
      thumbnail: videos.thumbnailFile,
      captions: videos.captionsFile,
    })
    .from(videos);
  return rows.flatMap((row) =>
    videoFileKinds.flatMap((kind) => (row[kind] ? [{ name: row[kind], kind }] : [])),
  );
}
