import { videosApi } from '~/shared/api/videos';
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
      adminRequest(videosApi.adminList, adminVideoListing, {
        query: { limit: VIDEOS_PAGE_SIZE, offset },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSetVideoPublished() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: ({ id, isPublished }: { id: string; isPublished: boolean }) =>
      adminRequest(videosApi.update, adminVideo, {
        params: { id },
        body: { isPublished },
        csrfToken,
      }),
  });
}

export function useDeleteVideo() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest(videosApi.remove, noContent, { params: { id }, csrfToken }),
  });
}

export function useAdminCommentsQuery(status: CommentStatus, offset = 0) {
  return useQuery({
    queryKey: ['admin', 'video-comments', status, offset],
    queryFn: () =>
      adminRequest(videosApi.adminComments, adminCommentListing, {
        query: { status, limit: COMMENTS_PAGE_SIZE, offset },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useApproveComment() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest(videosApi.approveComment, adminComment, { params: { id }, csrfToken }),
  });
}

export function useDeleteComment() {
  const { csrfToken } = useAdminSession();
  return useMutation({
    mutationFn: (id: string) =>
      adminRequest(videosApi.removeComment, noContent, { params: { id }, csrfToken }),
  });
}
