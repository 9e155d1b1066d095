import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { siteContentStates } from '~/shared/domain';
import { at, oneOf } from './columns';

/**
 * What the office edits in admin → Site Content (ADR 033): each published version of
 * the public pages' texts, photos and dates, whole (`content`, checked by the editor's schema of
 * release `schema_version`), and at most one draft. The newest published row is what visitors
 * see (site.config.ts while there is none); publishing writes a new row and removes the draft,
 * restoring writes a copy of an earlier row, so the history is never rewritten. A published
 * row's arrival bumps the public content version (trigger, migration 0017) in the same
 * transaction, so every instance renders its pages afresh.
 *
 * `revision` counts a draft's saves: an editor sends the one it read, and a save or publish
 * from a stale screen is refused instead of overwriting another administrator's work.
 */
export const siteContentVersions = pgTable(
  'site_content_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    state: text('state', { enum: siteContentStates }).notNull(),
    content: jsonb('content').notNull(),
    schemaVersion: integer('schema_version').notNull(),
    revision: integer('revision').notNull().default(1),
    /** The sections that differ from the version published before (a published row). */
    sections: jsonb('sections').$type<string[]>().notNull().default([]),
    restoredFrom: integer('restored_from'),
    /** Saved (a draft) or published. */
    at: at('at').notNull(),
    /**
     * The administrator's username (kept if the account is later removed); null only on the
     * version the site was set up with (site.config.ts's content, kept at the first publish).
     */
    by: text('by'),
  },
  (t) => [
    check('site_content_versions_state_check', oneOf(t.state, siteContentStates)),
    uniqueIndex('site_content_versions_one_draft')
      .on(t.state)
      .where(sql`${t.state} = 'draft'`),
    index('site_content_versions_published_idx')
      .on(t.id)
      .where(sql`${t.state} = 'published'`),
  ],
);

export type SiteContentVersionRow = typeof siteContentVersions.$inferSelect;
