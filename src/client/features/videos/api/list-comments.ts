import { videosApi } from '~/shared/api/videos';
import { publicCommentListing } from '~/shared/schemas/videos';
import { getJson } from '~/client/lib/api';

export const COMMENTS_PAGE_SIZE = 20;

/** A video's approved comments, oldest first, from `offset` on. */
export function listComments(videoId: string, offset = 0) {
  return getJson(videosApi.comments, publicCommentListing, {
    params: { id: videoId },
    query: { limit: COMMENTS_PAGE_SIZE, offset },
  });
}
