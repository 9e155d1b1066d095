import type { FastifyInstance } from 'fastify';
import { publicPageNumber, videoLimits, type VideosPageData } from '~/shared/schemas/videos';
import { listApprovedCommentsOf } from './list-comments';
import { listPublishedVideos } from './list-videos';

/**
 * What /videos?page=N is rendered with on the server (and hydrated with in the browser): the
 * page's videos and the first approved comments of each, so they read without JavaScript.
 */
export async function loadVideosPageData(app: FastifyInstance, url: URL): Promise<VideosPageData> {
  const { db } = app.database;
  const limit = videoLimits.publicPageSize;
  const page = publicPageNumber(url.searchParams.get('page'));
  const listing = await listPublishedVideos(db, { limit, offset: (page - 1) * limit });
  const ids = listing.videos.map((video) => video.id);
  const comments = await listApprovedCommentsOf(db, ids, videoLimits.pageCommentsPerVideo);
  return { ...listing, comments };
}
