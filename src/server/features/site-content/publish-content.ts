import { sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '~/db/client';
import { siteContentVersions } from '~/db/schema';
import type { SiteContent } from '~/shared/schemas/site-content';
import { changedSections } from '~/shared/site-content';
import { readPublished, setupRow, type Change } from './content-versions';
import { CONTENT_SCHEMA_VERSION } from './stored-content';

/** Writes `content` as the newest published version, in the caller's transaction. */
export async function publishContent(
  tx: DatabaseExecutor,
  seed: SiteContent,
  content: SiteContent,
  change: Change & { restoredFrom?: number },
) {
  // One publish or restore at a time: the newest version read here is the one this follows.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('site_content_versions'))`);
  // The first version is compared with the configuration it replaces.
  const before = (await readPublished(tx, seed))?.content ?? seed;
  await keepSetupVersion(tx, seed, change.now);
  const sections = changedSections(before, content);
  const [row] = await tx
    .insert(siteContentVersions)
    .values({
      state: 'published',
      content,
      schemaVersion: CONTENT_SCHEMA_VERSION,
      sections,
      restoredFrom: change.restoredFrom ?? null,
      at: change.now,
      by: change.actor.username,
    })
    .returning({ id: siteContentVersions.id });
  return { id: row!.id, sections, before };
}

/**
 * Keeps the content the site was set up with (site.config.ts's) as a version of its own, once,
 * at the first publish: from then on the file's texts and photos are no longer what visitors
 * see, and the history is the only way back to them. A site whose history lacks it gets it at
 * its next publish, from the file as it is then.
 */
async function keepSetupVersion(tx: DatabaseExecutor, seed: SiteContent, now: Date) {
  const [kept] = await tx
    .select({ id: siteContentVersions.id })
    .from(siteContentVersions)
    .where(setupRow)
    .limit(1);
  if (kept) return;
  await tx.insert(siteContentVersions).values({
    state: 'published',
    content: seed,
    schemaVersion: CONTENT_SCHEMA_VERSION,
    sections: [],
    at: now,
    by: null,
  });
}
