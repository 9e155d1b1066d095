import { eq } from 'drizzle-orm';
import { videos } from '~/db/schema';
import type { Database } from '~/db/client';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import type { MediaStore } from '~/server/services/media';
import { commitWithFiles } from './store-with-row';

/** Deletes a video, its comments (by cascade) and, once that is committed, its stored files. */
export async function deleteVideo(
  db: Database,
  store: MediaStore,
  id: string,
  context: AuditContext,
  onCleanupError: (error: unknown) => void,
) {
  await commitWithFiles(
    db,
    store,
    [],
    async (tx) => {
      const [row] = await tx.delete(videos).where(eq(videos.id, id)).returning();
      if (!row) throw new AppError('not_found', 'No such video');
      await recordAuditBy(tx, context, {
        action: 'delete',
        target: `video:${id}`,
        details: { title: row.title },
      });
      return { result: undefined, released: [row.videoFile, row.thumbnailFile, row.captionsFile] };
    },
    onCleanupError,
  );
}
