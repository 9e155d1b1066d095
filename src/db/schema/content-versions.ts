import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * What the public pages and reads show, by version (ADR 029). Each app instance keeps the pages
 * and answers it rendered for a version in memory; a write to what they show (the videos, the
 * approved comments, the published site content: triggers of migrations 0016 and 0017) bumps
 * this row and notifies every instance in the same transaction. Instances count the
 * notifications (ADR 037) and do not read the row; it stays as the record that the triggers
 * ran (its lock orders the office's rare writes to what the pages show). One row: `public`.
 */
export const contentVersions = pgTable('content_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
