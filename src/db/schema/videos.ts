import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin';
import { at, timestamps } from './columns';

/**
 * The teaching videos. A video plays from a file stored under DATA_DIR/media (`video_file`, the
 * stored name) or from a YouTube or Vimeo link (`video_url`): exactly one of the two. The same
 * holds for the thumbnail; captions (WebVTT) are stored files only. Stored names are the
 * video's own: deleting the video deletes them (src/server/services/media/media-store.ts).
 */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    caption: text('caption'),
    videoUrl: text('video_url'),
    videoFile: text('video_file'),
    thumbnailUrl: text('thumbnail_url'),
    thumbnailFile: text('thumbnail_file'),
    captionsFile: text('captions_file'),
    /** Bytes; the stored file's size for an upload, else what the admin typed. */
    fileSize: bigint('file_size', { mode: 'number' }),
    /** Seconds. */
    durationSeconds: integer('duration_seconds'),
    isPublished: boolean('is_published').notNull().default(false),
    /** Set when published, cleared when unpublished. */
    publishedAt: at('published_at'),
    /** Null once that administrator's account is removed. */
    uploadedBy: uuid('uploaded_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('videos_published_idx')
      .on(t.publishedAt.desc(), t.id)
      .where(sql`${t.isPublished}`),
    index('videos_created_at_idx').on(t.createdAt),
    check('videos_source_check', sql`(${t.videoUrl} is null) <> (${t.videoFile} is null)`),
    check('videos_thumbnail_check', sql`${t.thumbnailUrl} is null or ${t.thumbnailFile} is null`),
    check('videos_published_check', sql`${t.isPublished} = (${t.publishedAt} is not null)`),
    check('videos_file_size_check', sql`${t.fileSize} is null or ${t.fileSize} >= 0`),
    check('videos_duration_check', sql`${t.durationSeconds} is null or ${t.durationSeconds} >= 0`),
  ],
);

/**
 * Visitors' comments on a video: pending until an administrator approves them. The author's
 * email is for the office only; no public answer carries it. Deleting a video deletes them.
 */
export const videoComments = pgTable(
  'video_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    /** Stored as written; always rendered as text. */
    comment: text('comment').notNull(),
    isApproved: boolean('is_approved').notNull().default(false),
    approvedAt: at('approved_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('video_comments_video_idx').on(t.videoId, t.isApproved, t.createdAt),
    index('video_comments_pending_idx')
      .on(t.createdAt)
      .where(sql`not ${t.isApproved}`),
  ],
);

export type VideoRow = typeof videos.$inferSelect;
export type VideoCommentRow = typeof videoComments.$inferSelect;
