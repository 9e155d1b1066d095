import { and, asc, desc, eq } from 'drizzle-orm';
import { videoComments, videos } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { pageOf, type Page } from '../../lib/page-of';
import { serializeAdminComment, serializePublicComment } from './serialize-video';

/** A video's approved comments, oldest first so a conversation reads in order. */
export async function listApprovedComments(db: DatabaseExecutor, videoId: string, page: Page) {
  const where = and(eq(videoComments.videoId, videoId), eq(videoComments.isApproved, true));
  const { rows, total } = await pageOf(
    db,
    db
      .select()
      .from(videoComments)
      .where(where)
      .orderBy(asc(videoComments.createdAt), asc(videoComments.id))
      .$dynamic(),
    { from: videoComments, where },
    page,
  );
  return { comments: rows.map(serializePublicComment), total };
}

/** Comments for the moderation tab, with their video's title, newest first. */
export async function listAdminComments(
  db: DatabaseExecutor,
  status: 'pending' | 'approved',
  page: Page,
) {
  const where = eq(videoComments.isApproved, status === 'approved');
  const { rows, total } = await pageOf(
    db,
    db
      .select({ comment: videoComments, videoTitle: videos.title })
      .from(videoComments)
      .innerJoin(videos, eq(videos.id, videoComments.videoId))
      .where(where)
      .orderBy(desc(videoComments.createdAt), desc(videoComments.id))
      .$dynamic(),
    { from: videoComments, where },
    page,
  );
  return { comments: rows.map((r) => serializeAdminComment(r.comment, r.videoTitle)), total };
}
