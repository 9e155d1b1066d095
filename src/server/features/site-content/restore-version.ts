import { and, eq } from 'drizzle-orm';
import type { DatabaseExecutor } from '~/db/client';
import { siteContentVersions } from '~/db/schema';
import type { SiteConfig } from '~/shared/site-config-schema';
import { changedSections, contentOfConfig } from '~/shared/site-content';
import { AppError } from '~/server/errors';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { lockDraft, published, readRow, type Change } from './content-versions';
import { publishContent } from './publish-content';
import { CONTENT_SCHEMA_VERSION } from './stored-content';

/**
 * Publishes a copy of an earlier version at once. A draft, if any, keeps the sections it changed
 * and takes the rest from the restored version: publishing it later must not undo the restore
 * in sections nobody touched.
 */
export async function restoreVersion(
  db: DatabaseExecutor,
  config: SiteConfig,
  input: { id: number } & Change,
) {
  const seed = contentOfConfig(config);
  await db.transaction(async (tx) => {
    const [earlier] = await tx
      .select()
      .from(siteContentVersions)
      .where(and(published, eq(siteContentVersions.id, input.id)));
    if (!earlier) {
      throw new AppError('not_found', 'That version of the site is no longer in the history.');
    }
    const draft = await lockDraft(tx);
    const restored = readRow(earlier, seed);
    const version = await publishContent(tx, seed, restored, {
      ...input,
      restoredFrom: earlier.id,
    });
    if (draft) {
      const drafted = readRow(draft, seed);
      const kept = Object.fromEntries(
        changedSections(version.before, drafted).map((section) => [section, drafted[section]]),
      );
      await tx
        .update(siteContentVersions)
        .set({
          content: { ...restored, ...kept },
          schemaVersion: CONTENT_SCHEMA_VERSION,
          revision: draft.revision + 1,
        })
        .where(eq(siteContentVersions.id, draft.id));
    }
    await recordAuditBy(tx, input, {
      action: 'content-restored',
      target: `site content version ${version.id}`,
      details: { version: version.id, restoredFrom: earlier.id, sections: version.sections },
    });
  });
}
