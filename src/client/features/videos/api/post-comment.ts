import { messageResponse } from '~/shared/schemas/common';
import type { CommentInput } from '~/shared/schemas/videos';
import { postJson } from '~/client/lib/api';

export function postComment(videoId: string, input: CommentInput) {
  return postJson(`/api/videos/${encodeURIComponent(videoId)}/comments`, input, messageResponse);
}
