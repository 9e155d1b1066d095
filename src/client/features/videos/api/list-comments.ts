import { publicCommentListing } from '~/shared/schemas/videos';
import { getJson } from '~/client/lib/api';

export const COMMENTS_PAGE_SIZE = 20;

/** A video's approved comments, oldest first, from `offset` on. */
export function listComments(videoId: string, offset = 0) {
  return getJson(
    `/api/videos/${encodeURIComponent(videoId)}/comments?limit=${COMMENTS_PAGE_SIZE}&offset=${offset}`,
    publicCommentListing,
  );
}
