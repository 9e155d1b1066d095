import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { CommentStatus } from '~/shared/domain';
import { noContent } from '~/shared/schemas/common';
import {
  adminComment,
  adminCommentListing,
  adminVideo,
  adminVideoListing,
} from '~/shared/schemas/videos';
import { adminRequest } from '~/client/lib/admin/admin-request';
import { useAdminSession } from '~/client/lib/admin/admin-session-context';

/** The video library's admin calls (spec 7): videos, publishing, deleting, moderation. */

export const VIDEOS_PAGE_SIZE = 25;
export const COMMENTS_PAGE_SIZE = 25;

export function useAdminVideosQuery(offset = 0) {
  return useQuery({
    queryKey: ['admin', 'videos', offset],
    queryFn: () =>
      adminRequest(
        `/api/admin/videos?limit=${VIDEOS_PAGE_SIZE}&offset=${offset}`,
        adminVideoListing,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSetVideoPublished() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: ({ id, isPublished }: { id: string; isPublished: boolean }) =>
      adminRequest(`/api/admin/videos/${id}`, adminVideo, {
        method: 'PUT',
        body: { isPublished },
        csrfToken,
      }),
  });
}

export function useDeleteVideo() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest(`/api/admin/videos/${id}`, noContent, { method: 'DELETE', csrfToken }),
  });
}

export function useAdminCommentsQuery(status: CommentStatus, offset = 0) {
  return useQuery({
    queryKey: ['admin', 'video-comments', status, offset],
    queryFn: () =>
      adminRequest(
        `/api/admin/comments?status=${status}&limit=${COMMENTS_PAGE_SIZE}&offset=${offset}`,
        adminCommentListing,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useApproveComment() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest(`/api/admin/comments/${id}/approve`, adminComment, {
        method: 'PUT',
        csrfToken,
      }),
  });
}

export function useDeleteComment() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest(`/api/admin/comments/${id}`, noContent, { method: 'DELETE', csrfToken }),
  });
}
