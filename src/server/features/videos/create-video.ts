import { videos } from '~/db/schema';
import type { Database } from '~/db/client';
import { videoCreateInput, videoMessages } from '~/shared/schemas/videos';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import type { MediaStore } from '~/server/services/media';
import { parseFields, type VideoForm } from './read-video-form';
import { commitWithFiles } from './store-with-row';

function refuse(field: string, message: string): never {
  throw new AppError('validation_failed', message, { [field]: message });
}

/**
 * Adds a video, a draft unless `isPublished` says otherwise. Its source is an uploaded file or a
 * YouTube/Vimeo link (one of the two); a stored file's size is measured, never taken from input.
 */
export async function createVideo(
  db: Database,
  store: MediaStore,
  form: VideoForm,
  context: AuditContext,
  onCleanupError: (error: unknown) => void,
) {
  const { files } = form;
  const incoming = Object.values(form.files);
  try {
    const input = parseFields(videoCreateInput, form.fields);
    if (!files.video && !input.videoUrl) refuse('videoUrl', videoMessages.videoRequired);
    if (files.video && input.videoUrl) refuse('videoUrl', videoMessages.videoTwice);
    if (files.thumbnail && input.thumbnailUrl) {
      refuse('thumbnailUrl', 'Give a thumbnail URL or choose a thumbnail image, not both');
    }
    const published = input.isPublished ?? false;
    return await commitWithFiles(
      db,
      store,
      incoming,
      async (tx) => {
        const [row] = await tx
          .insert(videos)
          .values({
            title: input.title,
            description: input.description ?? null,
            caption: input.caption ?? null,
            videoUrl: files.video ? null : input.videoUrl,
            videoFile: files.video?.name ?? null,
            thumbnailUrl: files.thumbnail ? null : (input.thumbnailUrl ?? null),
            thumbnailFile: files.thumbnail?.name ?? null,
            captionsFile: files.captions?.name ?? null,
            fileSize: files.video?.size ?? input.fileSize ?? null,
            durationSeconds: input.duration ?? null,
            isPublished: published,
            publishedAt: published ? context.now : null,
            uploadedBy: context.actor?.id ?? null,
            createdAt: context.now,
            updatedAt: context.now,
          })
          .returning({ id: videos.id });
        await recordAuditBy(tx, context, {
          action: 'video-created',
          target: `video:${row!.id}`,
          details: { title: input.title, source: files.video ? 'file' : 'link', published },
        });
        return { result: row!.id, released: [] };
      },
      onCleanupError,
    );
  } catch (error) {
    // Refused before the transaction: the received files have no row to belong to.
    await store.remove(incoming);
    throw error;
  }
}
