import * as z from 'zod/mini';
import { commentStatuses } from '~/shared/domain';
import { isEmbedThumbnailUrl, parseVideoLink } from '~/shared/video-links';
import { emailField, honeypot, oneLine, requiredText } from './common';

/**
 * The video library's contract (spec 3 Video and Comment, 5, 7): the comment form, the admin's
 * video form, and the answers of the public and admin calls. Forms send strings, JSON callers
 * numbers and booleans: both are accepted.
 */

export const videoLimits = {
  titleMax: 200,
  captionMax: 500,
  descriptionMax: 5000,
  urlMax: 2000,
  durationMax: 1_000_000,
  authorNameMax: 100,
  commentMax: 2000,
  /** Videos per page on /videos. */
  publicPageSize: 12,
  /** Approved comments of each video the /videos page is rendered with; more on request. */
  pageCommentsPerVideo: 10,
  /** Thumbnail images and caption files are small; videos follow MEDIA_MAX_MB. */
  thumbnailMaxMb: 10,
  captionsMaxMb: 1,
};

export const videoMessages = {
  titleRequired: 'Title is required',
  videoRequired: 'Video URL is required: give a YouTube or Vimeo link, or choose a video file',
  videoTwice: 'Give a video URL or choose a video file, not both',
  videoLink: 'Video URL must be a YouTube or Vimeo link; upload other videos as a file',
  thumbnailLink:
    'Thumbnail URL must be an https image on i.ytimg.com or i.vimeocdn.com; upload other images as a file',
  fileSize: 'File size must be a whole number of bytes',
  duration: 'Duration must be a whole number of seconds',
  commentRequired: 'Comment is required',
};

// --- Comment form -------------------------------------------------------------------------

/** `POST /api/videos/:id/comments`: all three required after trimming (spec 5). */
export const commentInput = z.object({
  authorName: requiredText('Name', videoLimits.authorNameMax).check(oneLine('Name')),
  authorEmail: emailField(),
  comment: requiredText('Comment', videoLimits.commentMax, videoMessages.commentRequired),
  ...honeypot,
});

export type CommentInput = z.input<typeof commentInput>;

/** The same form posted to /videos without JavaScript: it names its video. */
export const commentPageInput = z.object({
  ...commentInput.shape,
  videoId: z.uuid({ error: 'This video is no longer available, so the comment was not saved.' }),
});

// --- Video form -----------------------------------------------------------------------------

/** A trimmed text; absent stays absent (unchanged on an edit), blank or null become null. */
function clearableText(label: string, max: number) {
  return z.optional(
    z.pipe(
      z.nullable(
        z
          .string({ error: `${label} must be text` })
          .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`)),
      ),
      z.transform((value) => (value ? value : null)),
    ),
  );
}

/** A whole number from 0 to `max`, typed in a form ('' is none) or sent as JSON (null is none). */
function clearableCount(message: string, max: number) {
  const valid = (value: number | string | null) =>
    value === null ||
    (typeof value === 'number'
      ? Number.isInteger(value) && value >= 0 && value <= max
      : value.trim() === '' || (/^\d{1,16}$/.test(value.trim()) && Number(value) <= max));
  return z.optional(
    z.pipe(
      z
        .nullable(z.union([z.number(), z.string()], { error: message }))
        .check(z.refine(valid, message)),
      z.transform((value) =>
        value === null || (typeof value === 'string' && value.trim() === '') ? null : Number(value),
      ),
    ),
  );
}

/** A URL field checked by `accept`; blank or null become null. */
function clearableLink(label: string, accept: (value: string) => boolean, message: string) {
  return z.optional(
    z.pipe(
      z.nullable(
        z.string({ error: `${label} must be text` }).check(
          z.trim(),
          z.maxLength(
            videoLimits.urlMax,
            `${label} must be at most ${videoLimits.urlMax} characters`,
          ),
          z.refine((value) => value === '' || accept(value), message),
        ),
      ),
      z.transform((value) => (value ? value : null)),
    ),
  );
}

const booleanField = z.optional(
  z.pipe(
    z.union([z.boolean(), z.enum(['true', 'false'])], { error: 'Must be true or false' }),
    z.transform((value) => value === true || value === 'true'),
  ),
);

const videoFields = {
  title: z.optional(requiredText('Title', videoLimits.titleMax, videoMessages.titleRequired)),
  description: clearableText('Description', videoLimits.descriptionMax),
  caption: clearableText('Caption', videoLimits.captionMax),
  videoUrl: clearableLink('Video URL', (v) => parseVideoLink(v) !== null, videoMessages.videoLink),
  thumbnailUrl: clearableLink('Thumbnail URL', isEmbedThumbnailUrl, videoMessages.thumbnailLink),
  fileSize: clearableCount(videoMessages.fileSize, Number.MAX_SAFE_INTEGER),
  duration: clearableCount(videoMessages.duration, videoLimits.durationMax),
  isPublished: booleanField,
  /** Edits only: drop the stored captions file. */
  removeCaptions: booleanField,
};

/**
 * `POST /api/admin/videos` (spec 7: title, description, caption, videoUrl, thumbnailUrl,
 * fileSize, duration; `uploadedBy` is ignored: it is the signed-in admin). Title is required;
 * the video URL is, unless a file comes with the request (checked by the route and the form).
 */
export const videoCreateInput = z.object({
  ...videoFields,
  title: requiredText('Title', videoLimits.titleMax, videoMessages.titleRequired),
});

/** `PUT /api/admin/videos/:id`: any of the fields; those left out stay as they are. */
export const videoUpdateInput = z.object(videoFields);

export type VideoCreateInput = z.input<typeof videoCreateInput>;
export type VideoUpdateInput = z.input<typeof videoUpdateInput>;
export type VideoChanges = z.output<typeof videoUpdateInput>;

/** The page of /videos?page=N: 1 for anything but a whole number from 1 up. */
export function publicPageNumber(value: string | null | undefined): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

// --- Answers --------------------------------------------------------------------------------

const page = {
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  offset: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
};

export const publicVideosQuery = z.object(page);
export const commentsQuery = z.object(page);
export const adminCommentsQuery = z.object({
  status: z.optional(z.enum(commentStatuses, { error: 'Status must be pending or approved' })),
  ...page,
});

export const videoIdParams = z.object({ id: z.uuid({ error: 'Unknown video' }) });
export const commentIdParams = z.object({ id: z.uuid({ error: 'Unknown comment' }) });

export const publicVideo = z.object({
  id: z.string(),
  title: z.string(),
  description: z.nullable(z.string()),
  caption: z.nullable(z.string()),
  videoUrl: z.string(),
  thumbnailUrl: z.nullable(z.string()),
  /** A WebVTT captions track, when the video has one. */
  captionsUrl: z.nullable(z.string()),
  fileSize: z.nullable(z.number()),
  duration: z.nullable(z.number()),
  publishedAt: z.string(),
});

export const publicVideoListing = z.object({
  videos: z.array(publicVideo),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});

/** A comment as visitors see it: never the author's email. */
export const publicComment = z.object({
  id: z.string(),
  authorName: z.string(),
  comment: z.string(),
  createdAt: z.string(),
});

export const publicCommentListing = z.object({
  comments: z.array(publicComment),
  total: z.number(),
});

export const adminVideo = z.object({
  ...publicVideo.shape,
  publishedAt: z.nullable(z.string()),
  isPublished: z.boolean(),
  /** 'file': stored under DATA_DIR/media; 'link': a YouTube or Vimeo link. */
  source: z.enum(['file', 'link']),
  uploadedBy: z.nullable(z.object({ id: z.string(), username: z.string() })),
  comments: z.object({ pending: z.number(), approved: z.number() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const adminVideoListing = z.object({
  videos: z.array(adminVideo),
  total: z.number(),
  /** MEDIA_MAX_MB: the form refuses a larger file before sending it. */
  maxUploadMb: z.number(),
});

export const adminComment = z.object({
  id: z.string(),
  videoId: z.string(),
  videoTitle: z.string(),
  authorName: z.string(),
  authorEmail: z.string(),
  comment: z.string(),
  isApproved: z.boolean(),
  createdAt: z.string(),
});

export const adminCommentListing = z.object({
  comments: z.array(adminComment),
  total: z.number(),
});

export type PublicVideo = z.infer<typeof publicVideo>;
export type PublicVideoListing = z.infer<typeof publicVideoListing>;
export type PublicComment = z.infer<typeof publicComment>;
export type PublicCommentListing = z.infer<typeof publicCommentListing>;

/** What /videos is rendered with: a page of videos and the first approved comments of each. */
export type VideosPageData = PublicVideoListing & {
  comments: Record<string, PublicCommentListing>;
};
export type AdminVideo = z.infer<typeof adminVideo>;
export type AdminVideoListing = z.infer<typeof adminVideoListing>;
export type AdminComment = z.infer<typeof adminComment>;
export type AdminCommentListing = z.infer<typeof adminCommentListing>;
