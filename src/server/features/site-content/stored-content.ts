import {
  siteContentSections,
  type SiteContent,
  type SiteContentSection,
} from '~/shared/schemas/site-content';

/**
 * Reading what the office published with a later release of the software (ADR 033).
 *
 * Each stored version records the release's `CONTENT_SCHEMA_VERSION`. A release that changes a
 * section's shape raises it and adds a step to `upgrades` that turns a document of the version
 * before into its own. A stored document is brought up to date step by step, then each section is
 * checked by today's schema: a section the stored document lacks (a release added it) or that no
 * longer passes comes from the configuration, and the rest stays as the office published it. So
 * an upgrade never loses the office's words, and never stops the site over one section.
 */
export const CONTENT_SCHEMA_VERSION = 1;

type Document = Record<string, unknown>;

/**
 * `upgrades[n]` turns a document of version n into version n + 1. None yet: version 1 is the
 * first. (A step is a pure function of the document, tested with a stored example of version n.)
 */
export const upgrades: Record<number, (document: Document) => Document> = {};

export interface ReadContent {
  content: SiteContent;
  /** Sections taken from the configuration because the stored ones were missing or invalid. */
  fellBack: SiteContentSection[];
}

export function readStoredContent(
  stored: unknown,
  schemaVersion: number,
  seed: SiteContent,
  steps: Record<number, (document: Document) => Document> = upgrades,
): ReadContent {
  let document: Document = stored && typeof stored === 'object' ? (stored as Document) : {};
  for (let version = schemaVersion; version < CONTENT_SCHEMA_VERSION; version += 1) {
    const step = steps[version];
    if (step) document = step(document);
  }
  const content = { ...seed } as Record<SiteContentSection, unknown>;
  const fellBack: SiteContentSection[] = [];
  for (const section of Object.keys(siteContentSections) as SiteContentSection[]) {
    const parsed = siteContentSections[section].safeParse(document[section]);
    if (parsed.success) content[section] = parsed.data;
    else fellBack.push(section);
  }
  return { content: content as SiteContent, fellBack };
}
