import { postJson } from '../../../lib/api';
import type { CommentInput } from '~/shared/schemas/videos';

export function postComment(videoId: string, input: CommentInput) {
  return postJson<{ message: string }>(
    `/api/videos/${encodeURIComponent(videoId)}/comments`,
    input,
  );
}
