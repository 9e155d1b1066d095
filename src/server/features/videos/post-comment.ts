import { videoComments } from '~/db/schema';
import type { Database } from '~/db/client';
import { AppError } from '~/server/errors';
import { enqueueMail } from '~/server/services/mail/mail-job';
import { announce } from '~/server/services/announcements/announce';
import { findPublishedVideo } from './list-videos';

/** What a commenter reads when the video was unpublished or removed meanwhile. */
export const videoGoneMessage = 'This video is no longer available, so the comment was not saved.';

export interface NewComment {
  authorName: string;
  authorEmail: string;
  comment: string;
}

/**
 * Stores a visitor's comment as pending and queues the office's notification in the same
 * transaction: a comment is never stored without its mail, nor mailed without being stored.
 * Only a published video takes comments.
 */
export async function postComment(
  db: Database,
  videoId: string,
  input: NewComment,
  officeEmail: string,
) {
  return db.transaction(async (tx) => {
    const video = await findPublishedVideo(tx, videoId);
    if (!video) throw new AppError('not_found', videoGoneMessage);
    const [row] = await tx
      .insert(videoComments)
      .values({ videoId, ...input })
      .returning({ id: videoComments.id });
    await enqueueMail(tx, {
      key: `video-comment:${row!.id}:office`,
      to: officeEmail,
      template: 'video-comment-notification',
      data: { videoTitle: video.title, ...input },
    });
    // The Zap hears of it (never the comment's text); the CRM does not.
    await announce(tx, {
      type: 'comment.submitted',
      commentId: row!.id,
      videoId,
      authorName: input.authorName,
      authorEmail: input.authorEmail,
    });
    return row!;
  });
}
