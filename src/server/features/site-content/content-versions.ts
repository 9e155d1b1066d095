import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DatabaseExecutor } from '~/db/client';
import { siteContentVersions, type SiteContentVersionRow } from '~/db/schema';
import { contentMessages, type SiteContent } from '~/shared/schemas/site-content';
import { AppError } from '~/server/errors';
import { readStoredContent } from './stored-content';

/**
 * The office's draft and published versions of the site's content (ADR 033). Every change is one
 * transaction that locks the draft row it starts from, so two administrators' saves and publishes
 * are taken one after the other, and one made from a screen older than the draft is refused.
 */

export interface Actor {
  id: string;
  username: string;
}

export interface Change {
  actor: Actor;
  ip: string;
  now: Date;
}

export const published = eq(siteContentVersions.state, 'published');
const draftRow = eq(siteContentVersions.state, 'draft');
/**
 * The version the site was set up with: site.config.ts's content, kept at the first publish so
 * it can be restored like any other. It has no author (`by` is null: every publish and restore
 * has one), and it is never what visitors see by itself: restoring it publishes a copy.
 */
export const setupRow = and(published, isNull(siteContentVersions.by));
export const officeVersion = and(published, isNotNull(siteContentVersions.by));

export function readRow(row: SiteContentVersionRow, seed: SiteContent) {
  return readStoredContent(row.content, row.schemaVersion, seed).content;
}

/** The newest published version's content, or null while the site shows its configuration. */
export async function readPublished(db: DatabaseExecutor, seed: SiteContent) {
  const [row] = await db
    .select()
    .from(siteContentVersions)
    .where(officeVersion)
    .orderBy(desc(siteContentVersions.id))
    .limit(1);
  return row ? { row, ...readStoredContent(row.content, row.schemaVersion, seed) } : null;
}

/** The office's draft, if there is one. */
export async function readDraft(db: DatabaseExecutor) {
  const [row] = await db.select().from(siteContentVersions).where(draftRow);
  return row;
}

export async function lockDraft(db: DatabaseExecutor) {
  const [row] = await db.select().from(siteContentVersions).where(draftRow).for('update');
  return row;
}

export function stale(): never {
  throw new AppError('conflict', contentMessages.staleDraft);
}
