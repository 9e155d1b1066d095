import { and, asc, desc, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import { videoComments, videos } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { CommentStatus } from '~/shared/domain';
import type { PublicCommentListing } from '~/shared/schemas/videos';
import { pageOf, type Page } from '~/server/lib/page-of';
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

/**
 * The first `limit` approved comments of each video, with each video's total, in one query: the
 * /videos page is rendered with them, so comments read without JavaScript and without a call.
 */
export async function listApprovedCommentsOf(
  db: DatabaseExecutor,
  videoIds: string[],
  limit: number,
): Promise<Record<string, PublicCommentListing>> {
  const byVideo: Record<string, PublicCommentListing> = Object.fromEntries(
    videoIds.map((id) => [id, { comments: [], total: 0 }]),
  );
  if (videoIds.length === 0) return byVideo;
  const ranked = db.$with('ranked').as(
    db
      .select({
        ...getTableColumns(videoComments),
        position:
          sql<number>`row_number() over (partition by ${videoComments.videoId} order by ${videoComments.createdAt}, ${videoComments.id})`.as(
            'position',
          ),
        total: sql<number>`(count(*) over (partition by ${videoComments.videoId}))::int`.as(
          'total',
        ),
      })
      .from(videoComments)
      .where(and(inArray(videoComments.videoId, videoIds), eq(videoComments.isApproved, true))),
  );
  const rows = await db
    .with(ranked)
    .select()
    .from(ranked)
    .where(lte(ranked.position, limit))
    .orderBy(asc(ranked.videoId), asc(ranked.position));
  for (const { position: _position, total, ...row } of rows) {
    const listing = byVideo[row.videoId]!;
    listing.comments.push(serializePublicComment(row));
    listing.total = Number(total);
  }
  return byVideo;
}

/** Comments for the moderation tab, with their video's title, newest first. */
export async function listAdminComments(db: DatabaseExecutor, status: CommentStatus, page: Page) {
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
