import type { FastifyInstance } from 'fastify';
import { publicPageNumber, videoLimits, type PublicVideoListing } from '~/shared/schemas/videos';
import { listPublishedVideos } from './list-videos';

/** What /videos?page=N is rendered with on the server (and hydrated with in the browser). */
export function loadVideosPageData(app: FastifyInstance, url: URL): Promise<PublicVideoListing> {
  const limit = videoLimits.publicPageSize;
  const page = publicPageNumber(url.searchParams.get('page'));
  return listPublishedVideos(app.database.db, { limit, offset: (page - 1) * limit });
}
