import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '~/db/client';
import { siteContentVersions, type SiteContentVersionRow } from '~/db/schema';
import {
  contentMessages,
  siteContentSections,
  type SiteContent,
  type SiteContentSection,
  type SiteContentState,
} from '~/shared/schemas/site-content';
import type { SiteConfig } from '~/shared/site-config-schema';
import { changedSections, contentOfConfig } from '~/shared/site-content';
import { AppError } from '~/server/errors';
import { recordAudit } from '~/server/services/audit/record-audit';
import { CONTENT_SCHEMA_VERSION, readStoredContent } from './stored-content';

/**
 * The office's draft and published versions of the site's content (ADR 033). Every change is one
 * transaction that locks the draft row it starts from, so two administrators' saves and publishes
 * are taken one after the other, and one made from a screen older than the draft is refused.
 */

export interface Actor {
  id: string;
  username: string;
}

interface Change {
  actor: Actor;
  ip: string;
  now: Date;
}

const HISTORY_LENGTH = 20;

const published = eq(siteContentVersions.state, 'published');
const draftRow = eq(siteContentVersions.state, 'draft');
/**
 * The version the site was set up with: site.config.ts's content, kept at the first publish so
 * it can be restored like any other. It has no author (`by` is null: every publish and restore
 * has one), and it is never what visitors see by itself: restoring it publishes a copy.
 */
const setupRow = and(published, isNull(siteContentVersions.by));
const officeVersion = and(published, isNotNull(siteContentVersions.by));

function readRow(row: SiteContentVersionRow, seed: SiteContent) {
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

async function lockDraft(db: DatabaseExecutor) {
  const [row] = await db.select().from(siteContentVersions).where(draftRow).for('update');
  return row;
}

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

function stale(): never {
  throw new AppError('conflict', contentMessages.staleDraft);
}

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

/** Writes `content` as the newest published version, in the caller's transaction. */
async function publishContent(
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
    await recordAudit(tx, {
      actor: input.actor,
      action: 'content-published',
      target: `site content version ${version.id}`,
      details: { version: version.id, sections: version.sections },
      ip: input.ip,
      at: input.now,
    });
  });
}

/**
 * Removes the draft the editor read; what is published stays. A draft saved again since is not
 * removed from a stale screen (409); one already gone is fine.
 */
export async function discardDraft(db: DatabaseExecutor, input: { revision: number } & Change) {
  const change = input;
  await db.transaction(async (tx) => {
    const draft = await lockDraft(tx);
    if (!draft) return;
    if (draft.revision !== input.revision) stale();
    await tx.delete(siteContentVersions).where(eq(siteContentVersions.id, draft.id));
    await recordAudit(tx, {
      actor: change.actor,
      action: 'content-draft-discarded',
      target: 'site content draft',
      ip: change.ip,
      at: change.now,
    });
  });
}

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
    await recordAudit(tx, {
      actor: input.actor,
      action: 'content-restored',
      target: `site content version ${version.id}`,
      details: { version: version.id, restoredFrom: earlier.id, sections: version.sections },
      ip: input.ip,
      at: input.now,
    });
  });
}
