import { getJson } from '../../../lib/api';
import { videoLimits, type PublicVideoListing } from '~/shared/schemas/videos';

/** One page of published videos (1 is the first), as /videos shows them. */
export function listVideos(page: number) {
  const limit = videoLimits.publicPageSize;
  return getJson<PublicVideoListing>(`/api/videos?limit=${limit}&offset=${(page - 1) * limit}`);
}
