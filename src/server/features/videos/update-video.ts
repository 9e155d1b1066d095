import { eq } from 'drizzle-orm';
import { videos, type VideoRow } from '~/db/schema';
import type { Database } from '~/db/client';
import { videoUpdateInput, type VideoChanges } from '~/shared/schemas/videos';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import type { MediaStore } from '~/server/services/media';
import { parseFields, type VideoForm } from './read-video-form';
import { commitWithFiles } from './store-with-row';

type Changes = Partial<typeof videos.$inferInsert>;

/**
 * What an edit changes, and which stored files it lets go of. Left-out fields stay as they
 * are; a new file or link replaces the old source; a stored video's size is always its own.
 */
function planChanges(current: VideoRow, input: VideoChanges, files: VideoForm['files']) {
  const set: Changes = {};
  const released: (string | null)[] = [];
  if (input.title !== undefined) set.title = input.title;
  if (input.description !== undefined) set.description = input.description;
  if (input.caption !== undefined) set.caption = input.caption;
  if (input.duration !== undefined) set.durationSeconds = input.duration;

  if (files.video) {
    Object.assign(set, { videoFile: files.video.name, videoUrl: null, fileSize: files.video.size });
    released.push(current.videoFile);
  } else if (input.videoUrl) {
    Object.assign(set, { videoUrl: input.videoUrl, videoFile: null });
    set.fileSize = input.fileSize ?? (current.videoFile ? null : current.fileSize);
    released.push(current.videoFile);
  } else if (input.fileSize !== undefined && !current.videoFile) {
    set.fileSize = input.fileSize;
  }

  if (files.thumbnail) {
    Object.assign(set, { thumbnailFile: files.thumbnail.name, thumbnailUrl: null });
    released.push(current.thumbnailFile);
  } else if (input.thumbnailUrl !== undefined) {
    Object.assign(set, { thumbnailUrl: input.thumbnailUrl, thumbnailFile: null });
    released.push(current.thumbnailFile);
  }

  if (files.captions) {
    set.captionsFile = files.captions.name;
    released.push(current.captionsFile);
  } else if (input.removeCaptions) {
    set.captionsFile = null;
    released.push(current.captionsFile);
  }
  return { set, released };
}

/** Edits a video, publishes or unpublishes it (spec 7 `PUT /api/admin/videos/:id`). */
export async function updateVideo(
  db: Database,
  store: MediaStore,
  id: string,
  form: VideoForm,
  context: AuditContext,
  onCleanupError: (error: unknown) => void,
) {
  const incoming = Object.values(form.files);
  try {
    const input = parseFields(videoUpdateInput, form.fields);
    if (form.files.video && input.videoUrl) {
      throw new AppError('validation_failed', 'Give a video URL or choose a video file, not both', {
        videoUrl: 'Give a video URL or choose a video file, not both',
      });
    }
    return await commitWithFiles(
      db,
      store,
      incoming,
      async (tx) => {
        const [current] = await tx.select().from(videos).where(eq(videos.id, id)).for('update');
        if (!current) throw new AppError('not_found', 'No such video');
        const { set, released } = planChanges(current, input, form.files);
        const publishing =
          input.isPublished !== undefined && input.isPublished !== current.isPublished;
        if (publishing) {
          set.isPublished = input.isPublished;
          set.publishedAt = input.isPublished ? context.now : null;
        }
        const changed = Object.keys(set);
        await tx
          .update(videos)
          .set({ ...set, updatedAt: context.now })
          .where(eq(videos.id, id));
        const target = `video:${id}`;
        if (publishing) {
          await recordAuditBy(tx, context, {
            target,
            action: 'publish',
            details: { title: current.title, published: input.isPublished },
          });
        }
        if (changed.some((key) => key !== 'isPublished' && key !== 'publishedAt')) {
          await recordAuditBy(tx, context, {
            target,
            action: 'video-updated',
            details: { title: current.title, changed },
          });
        }
        return { result: id, released };
      },
      onCleanupError,
    );
  } catch (error) {
    await store.remove(incoming);
    throw error;
  }
}
