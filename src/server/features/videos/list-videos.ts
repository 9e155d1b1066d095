import { and, desc, eq, sql } from 'drizzle-orm';
import { adminUsers, videoComments, videos } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { pageOf, type Page } from '~/server/lib/page-of';
import { serializeAdminVideo, serializePublicVideo } from './serialize-video';

/** Published videos, newest first: what /videos and `GET /api/videos` show. */
export async function listPublishedVideos(db: DatabaseExecutor, page: Page) {
  const published = eq(videos.isPublished, true);
  const { rows, total } = await pageOf(
    db,
    db
      .select()
      .from(videos)
      .where(published)
      .orderBy(desc(videos.publishedAt), desc(videos.id))
      .$dynamic(),
    { from: videos, where: published },
    page,
  );
  return { videos: rows.map(serializePublicVideo), total, ...page };
}

/** The video if it is published: comments can be read and written only there. */
export async function findPublishedVideo(db: DatabaseExecutor, id: string) {
  const [row] = await db
    .select({ id: videos.id, title: videos.title })
    .from(videos)
    .where(and(eq(videos.id, id), eq(videos.isPublished, true)));
  return row;
}

const commentCounts = (db: DatabaseExecutor) =>
  db
    .select({
      videoId: videoComments.videoId,
      pending: sql<number>`(count(*) filter (where not ${videoComments.isApproved}))::int`.as(
        'pending',
      ),
      approved: sql<number>`(count(*) filter (where ${videoComments.isApproved}))::int`.as(
        'approved',
      ),
    })
    .from(videoComments)
    .groupBy(videoComments.videoId)
    .as('comment_counts');

/** Every video, drafts too, newest first, with its uploader and comment counts. */
export async function listAdminVideos(db: DatabaseExecutor, page: Page, id?: string) {
  const counts = commentCounts(db);
  const where = id ? eq(videos.id, id) : undefined;
  const { rows, total } = await pageOf(
    db,
    db
      .select({
        video: videos,
        uploaderId: adminUsers.id,
        uploaderName: adminUsers.username,
        pending: counts.pending,
        approved: counts.approved,
      })
      .from(videos)
      .leftJoin(adminUsers, eq(adminUsers.id, videos.uploadedBy))
      .leftJoin(counts, eq(counts.videoId, videos.id))
      .where(where)
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .$dynamic(),
    { from: videos, where },
    page,
  );
  return {
    videos: rows.map((r) =>
      serializeAdminVideo(r.video, {
        uploader:
          r.uploaderId && r.uploaderName ? { id: r.uploaderId, username: r.uploaderName } : null,
        pending: r.pending ?? 0,
        approved: r.approved ?? 0,
      }),
    ),
    total,
  };
}

/** One video as the admin screens show it, after a change. */
export async function findAdminVideo(db: DatabaseExecutor, id: string) {
  const { videos: found } = await listAdminVideos(db, { limit: 1, offset: 0 }, id);
  return found[0];
}
