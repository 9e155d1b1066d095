import { and, asc, count, desc, eq } from 'drizzle-orm';
import { videoComments, videos } from '~/db/schema';
import type { DatabaseExecutor } from '../../jobs/types';
import type { Page } from './list-videos';
import { serializeAdminComment, serializePublicComment } from './serialize-video';

/** A video's approved comments, oldest first so a conversation reads in order. */
export async function listApprovedComments(db: DatabaseExecutor, videoId: string, page: Page) {
  const where = and(eq(videoComments.videoId, videoId), eq(videoComments.isApproved, true));
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(videoComments)
      .where(where)
      .orderBy(asc(videoComments.createdAt), asc(videoComments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(videoComments).where(where),
  ]);
  return { comments: rows.map(serializePublicComment), total: totals?.total ?? 0 };
}

/** Comments for the moderation tab, with their video's title, newest first. */
export async function listAdminComments(
  db: DatabaseExecutor,
  status: 'pending' | 'approved',
  page: Page,
) {
  const where = eq(videoComments.isApproved, status === 'approved');
  const [rows, [totals]] = await Promise.all([
    db
      .select({ comment: videoComments, videoTitle: videos.title })
      .from(videoComments)
      .innerJoin(videos, eq(videos.id, videoComments.videoId))
      .where(where)
      .orderBy(desc(videoComments.createdAt), desc(videoComments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(videoComments).where(where),
  ]);
  return {
    comments: rows.map((r) => serializeAdminComment(r.comment, r.videoTitle)),
    total: totals?.total ?? 0,
  };
}
