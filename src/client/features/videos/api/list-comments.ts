import { getJson } from '../../../lib/api';
import type { PublicCommentListing } from '~/shared/schemas/videos';

export const COMMENTS_PAGE_SIZE = 20;

/** A video's approved comments, oldest first, from `offset` on. */
export function listComments(videoId: string, offset = 0) {
  return getJson<PublicCommentListing>(
    `/api/videos/${encodeURIComponent(videoId)}/comments?limit=${COMMENTS_PAGE_SIZE}&offset=${offset}`,
  );
}
