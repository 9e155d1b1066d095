import { eq } from 'drizzle-orm';
import type { DatabaseExecutor } from '~/db/client';
import { siteContentVersions } from '~/db/schema';
import type { SiteConfig } from '~/shared/site-config-schema';
import { contentOfConfig } from '~/shared/site-content';
import { AppError } from '~/server/errors';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { lockDraft, readRow, stale, type Change } from './content-versions';
import { publishContent } from './publish-content';

/** Publishes the draft the editor read: visitors see it with their next page. */
export async function publishDraft(
  db: DatabaseExecutor,
  config: SiteConfig,
  input: { revision: number } & Change,
) {
  const seed = contentOfConfig(config);
  await db.transaction(async (tx) => {
    const draft = await lockDraft(tx);
    if (!draft) {
      throw new AppError(
        'conflict',
        'There is no draft to publish: it was published or discarded meanwhile. Reload to see the site as it is.',
      );
    }
    if (draft.revision !== input.revision) stale();
    const version = await publishContent(tx, seed, readRow(draft, seed), input);
    await tx.delete(siteContentVersions).where(eq(siteContentVersions.id, draft.id));
    await recordAuditBy(tx, input, {
      action: 'content-published',
      target: `site content version ${version.id}`,
      details: { version: version.id, sections: version.sections },
    });
  });
}
