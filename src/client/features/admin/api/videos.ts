import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  AdminComment,
  AdminCommentListing,
  AdminVideo,
  AdminVideoListing,
} from '~/shared/schemas/videos';
import { adminRequest } from './admin-request';
import { useAdminSession } from './admin-session-context';

/** The video library's admin calls (spec 7): videos, publishing, deleting, moderation. */

export const VIDEOS_PAGE_SIZE = 25;
export const COMMENTS_PAGE_SIZE = 25;
export type CommentStatus = 'pending' | 'approved';

export function useAdminVideosQuery(offset = 0) {
  return useQuery({
    queryKey: ['admin', 'videos', offset],
    queryFn: () =>
      adminRequest<AdminVideoListing>(
        `/api/admin/videos?limit=${VIDEOS_PAGE_SIZE}&offset=${offset}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSetVideoPublished() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: ({ id, isPublished }: { id: string; isPublished: boolean }) =>
      adminRequest<AdminVideo>(`/api/admin/videos/${id}`, {
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
      adminRequest<void>(`/api/admin/videos/${id}`, { method: 'DELETE', csrfToken }),
  });
}

export function useAdminCommentsQuery(status: CommentStatus, offset = 0) {
  return useQuery({
    queryKey: ['admin', 'video-comments', status, offset],
    queryFn: () =>
      adminRequest<AdminCommentListing>(
        `/api/admin/comments?status=${status}&limit=${COMMENTS_PAGE_SIZE}&offset=${offset}`,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useApproveComment() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest<AdminComment>(`/api/admin/comments/${id}/approve`, { method: 'PUT', csrfToken }),
  });
}

export function useDeleteComment() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest<void>(`/api/admin/comments/${id}`, { method: 'DELETE', csrfToken }),
  });
}
