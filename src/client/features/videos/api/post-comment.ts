import { videosApi } from '~/shared/api/videos';
import { messageResponse } from '~/shared/schemas/common';
import type { CommentInput } from '~/shared/schemas/videos';
import { postJson } from '~/client/lib/api';

export function postComment(videoId: string, input: CommentInput) {
  return postJson(videosApi.postComment, input, messageResponse, { params: { id: videoId } });
}
