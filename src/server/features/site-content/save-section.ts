import { eq } from 'drizzle-orm';
import type { DatabaseExecutor } from '~/db/client';
import { siteContentVersions } from '~/db/schema';
import {
  siteContentSections,
  type SiteContent,
  type SiteContentSection,
} from '~/shared/schemas/site-content';
import type { SiteConfig } from '~/shared/site-config-schema';
import { contentOfConfig } from '~/shared/site-content';
import { AppError } from '~/server/errors';
import { lockDraft, readPublished, readRow, stale, type Change } from './content-versions';
import { CONTENT_SCHEMA_VERSION } from './stored-content';

/** Checks one section's value; the messages are keyed as the editor sent it (`value.1.quote`). */
export function parseSection(
  section: SiteContentSection,
  value: unknown,
  config: SiteConfig,
): SiteContent[SiteContentSection] {
  const parsed = siteContentSections[section].safeParse(value);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      fields[['value', ...issue.path.map(String)].join('.')] ??= issue.message;
    }
    throw new AppError('validation_failed', Object.values(fields)[0]!, fields);
  }
  if (section === 'tiers') {
    // The tiers themselves are the configuration's: the office words each of them, once.
    const ids = (parsed.data as SiteContent['tiers']).map((t) => t.id);
    const expected = config.tiers.map((t) => t.id);
    if (ids.length !== expected.length || expected.some((id) => !ids.includes(id))) {
      const message = `Give the words of each tier once: ${expected.join(', ')}. Tiers are added or removed in the site's configuration.`;
      throw new AppError('validation_failed', message, { value: message });
    }
  }
  return parsed.data;
}

/**
 * Saves one section into the draft (made from what is published, or the configuration, when
 * there is none). `revision` is the draft's the editor read: 0 when it read no draft.
 */
export async function saveSection(
  db: DatabaseExecutor,
  config: SiteConfig,
  input: { section: SiteContentSection; value: unknown; revision: number } & Change,
) {
  const value = parseSection(input.section, input.value, config);
  const seed = contentOfConfig(config);
  await db.transaction(async (tx) => {
    const draft = await lockDraft(tx);
    if ((draft?.revision ?? 0) !== input.revision) stale();
    if (draft) {
      const content = { ...readRow(draft, seed), [input.section]: value };
      await tx
        .update(siteContentVersions)
        .set({
          content,
          schemaVersion: CONTENT_SCHEMA_VERSION,
          revision: draft.revision + 1,
          at: input.now,
          by: input.actor.username,
        })
        .where(eq(siteContentVersions.id, draft.id));
      return;
    }
    const base = (await readPublished(tx, seed))?.content ?? seed;
    // Two first saves at once: the one-draft index refuses the second, which is then stale.
    const inserted = await tx
      .insert(siteContentVersions)
      .values({
        state: 'draft',
        content: { ...base, [input.section]: value },
        schemaVersion: CONTENT_SCHEMA_VERSION,
        at: input.now,
        by: input.actor.username,
      })
      .onConflictDoNothing()
      .returning({ id: siteContentVersions.id });
    if (inserted.length === 0) stale();
  });
}
