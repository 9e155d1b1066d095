import type { VideoCommentRow, VideoRow } from '~/db/schema';
import { mediaUrl } from '~/server/services/media';
import type { AdminComment, AdminVideo, PublicComment, PublicVideo } from '~/shared/schemas/videos';

const stored = (name: string | null) => (name ? mediaUrl(name) : null);

/** A published video as visitors get it. */
export function serializePublicVideo(row: VideoRow): PublicVideo {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    caption: row.caption,
    videoUrl: stored(row.videoFile) ?? row.videoUrl ?? '',
    thumbnailUrl: stored(row.thumbnailFile) ?? row.thumbnailUrl,
    captionsUrl: stored(row.captionsFile),
    fileSize: row.fileSize,
    duration: row.durationSeconds,
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
  };
}

export interface AdminVideoExtras {
  uploader: { id: string; username: string } | null;
  pending: number;
  approved: number;
}

export function serializeAdminVideo(row: VideoRow, extras: AdminVideoExtras): AdminVideo {
  return {
    ...serializePublicVideo(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    isPublished: row.isPublished,
    source: row.videoFile ? 'file' : 'link',
    uploadedBy: extras.uploader,
    comments: { pending: extras.pending, approved: extras.approved },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Name, text and date: a commenter's email never leaves the admin area. */
export function serializePublicComment(row: VideoCommentRow): PublicComment {
  return {
    id: row.id,
    authorName: row.authorName,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}

export function serializeAdminComment(row: VideoCommentRow, videoTitle: string): AdminComment {
  return {
    ...serializePublicComment(row),
    videoId: row.videoId,
    videoTitle,
    authorEmail: row.authorEmail,
    isApproved: row.isApproved,
  };
}
