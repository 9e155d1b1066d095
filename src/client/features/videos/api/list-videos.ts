import { videosApi } from '~/shared/api/videos';
import { publicVideoListing, videoLimits } from '~/shared/schemas/videos';
import { getJson } from '~/client/lib/api';

/** One page of published videos (1 is the first), as /videos shows them. */
export function listVideos(page: number) {
  const limit = videoLimits.publicPageSize;
  return getJson(videosApi.list, publicVideoListing, {
    query: { limit, offset: (page - 1) * limit },
  });
}
