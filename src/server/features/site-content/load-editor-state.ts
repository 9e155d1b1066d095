import { desc } from 'drizzle-orm';
import type { DatabaseExecutor } from '~/db/client';
import { siteContentVersions } from '~/db/schema';
import type { SiteContentSection, SiteContentState } from '~/shared/schemas/site-content';
import type { SiteConfig } from '~/shared/site-config-schema';
import { changedSections, contentOfConfig } from '~/shared/site-content';
import { officeVersion, readDraft, readRow, setupRow } from './content-versions';

const HISTORY_LENGTH = 20;

/** What the editor shows: the draft, what is published, the history and the fixed facts. */
export async function loadEditorState(
  db: DatabaseExecutor,
  config: SiteConfig,
): Promise<SiteContentState> {
  const seed = contentOfConfig(config);
  const draft = await readDraft(db);
  const history = await db
    .select()
    .from(siteContentVersions)
    .where(officeVersion)
    .orderBy(desc(siteContentVersions.id))
    .limit(HISTORY_LENGTH);
  // However long the history, the version the site was set up with stays last in it.
  const [setup] = await db.select().from(siteContentVersions).where(setupRow).limit(1);
  const live = history[0] ? readRow(history[0], seed) : seed;
  const draftContent = draft ? readRow(draft, seed) : null;
  return {
    content: draftContent ?? live,
    draft:
      draft && draftContent
        ? {
            revision: draft.revision,
            at: draft.at.toISOString(),
            by: draft.by,
            changed: changedSections(live, draftContent),
          }
        : null,
    history: [...history, ...(setup ? [setup] : [])].map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      by: row.by,
      sections: row.sections as SiteContentSection[],
      restoredFrom: row.restoredFrom,
      setup: row.by === null,
    })),
    fixed: {
      timeZone: config.timeZone,
      rabbiName: config.rabbi.name,
      tiers: config.tiers.map(({ id, name, price }) => ({ id, name, price })),
    },
  };
}
