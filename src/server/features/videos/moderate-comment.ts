import { eq } from 'drizzle-orm';
import { videoComments, videos } from '~/db/schema';
import type { Database } from '~/db/client';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { serializeAdminComment } from './serialize-video';

/** Approves a comment: from now on visitors see it. Approving twice changes nothing more. */
export async function approveComment(db: Database, id: string, context: AuditContext) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ comment: videoComments, videoTitle: videos.title })
      .from(videoComments)
      .innerJoin(videos, eq(videos.id, videoComments.videoId))
      .where(eq(videoComments.id, id))
      .for('update', { of: videoComments });
    if (!current) throw new AppError('not_found', 'No such comment');
    if (current.comment.isApproved) {
      return serializeAdminComment(current.comment, current.videoTitle);
    }
    const [row] = await tx
      .update(videoComments)
      .set({ isApproved: true, approvedAt: context.now })
      .where(eq(videoComments.id, id))
      .returning();
    await recordAuditBy(tx, context, {
      action: 'comment-approved',
      target: `comment:${id}`,
      details: { videoTitle: current.videoTitle, author: current.comment.authorName },
    });
    return serializeAdminComment(row!, current.videoTitle);
  });
}

/** Deletes a comment, pending or approved. */
export async function deleteComment(db: Database, id: string, context: AuditContext) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(videoComments).where(eq(videoComments.id, id)).returning();
    if (!row) throw new AppError('not_found', 'No such comment');
    await recordAuditBy(tx, context, {
      action: 'delete',
      target: `comment:${id}`,
      details: { videoId: row.videoId, author: row.authorName },
    });
  });
}
