import type { FastifyInstance } from 'fastify';
import type { SiteContent, SiteContentSection } from '~/shared/schemas/site-content';
import type { SiteConfig } from '~/shared/site-config-schema';
import { contentOfConfig, withContent } from '~/shared/site-content';
import { readDraft, readPublished } from './content-versions';
import { readStoredContent } from './stored-content';
import type { SiteContentService } from '~/server/types';

/**
 * The site as visitors see it (ADR 033), read once per public content version (ADR 029):
 * publishing bumps it, so every instance reads the new content with its next request, and in
 * between no page asks the database for it.
 */
export function createSiteContentService(app: FastifyInstance): SiteContentService {
  const config = app.siteConfig;
  const seed = contentOfConfig(config);
  let kept: { version: number; site: Promise<SiteConfig> } | undefined;
  /** The site as last read: what pages show while the database cannot be read. */
  let lastGood: SiteConfig | undefined;

  /** Stored sections today's release could not read are the file's: said once per read. */
  function laidOver(read: { content: SiteContent; fellBack: SiteContentSection[] }, what: string) {
    if (read.fellBack.length > 0) {
      app.log.warn(
        { sections: read.fellBack },
        `${what}: sections this release cannot read are shown from site.config.ts`,
      );
    }
    return withContent(config, read.content);
  }

  async function readSite() {
    const published = await readPublished(app.database.db, seed);
    return published ? laidOver(published, 'the published site content') : config;
  }

  return {
    async site() {
      let version: number;
      try {
        version = await app.publicCache.version();
      } catch (error) {
        // The version cannot be read (the database is away): what was read last, else the file.
        app.log.error({ err: error }, 'the site content version could not be read');
        return lastGood ?? config;
      }
      if (kept?.version !== version) {
        const site = readSite();
        kept = { version, site };
        site.then(
          (read) => {
            lastGood = read;
          },
          // A failed read is not kept: the next request tries again.
          () => {
            if (kept?.site === site) kept = undefined;
          },
        );
      }
      try {
        return await kept.site;
      } catch (error) {
        app.log.error({ err: error }, 'the site content could not be read');
        return lastGood ?? config;
      }
    },
    async draftSite() {
      const draft = await readDraft(app.database.db);
      if (!draft) return readSite();
      return laidOver(readStoredContent(draft.content, draft.schemaVersion, seed), 'the draft');
    },
  };
}
