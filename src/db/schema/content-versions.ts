import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * What the public pages and reads show, by version (ADR 029). Each app instance keeps the pages
 * and answers it rendered for a version in memory; a write to what they show bumps the version
 * in the same transaction (database triggers on `videos` and `video_comments`, migration 0016),
 * so the next request on every instance renders afresh. One row: `public`.
 */
export const contentVersions = pgTable('content_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
