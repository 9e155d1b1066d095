import siteConfig from '@site-config';
import type { SiteContent, SiteContentState } from '~/shared/schemas/site-content';
import { siteConfigSchema } from '~/shared/site-config-schema';
import { contentOfConfig } from '~/shared/site-content';

const config = siteConfigSchema.parse(siteConfig);

/** The content of a site whose office has published nothing: the configuration's. */
export function contentFromConfig(): SiteContent {
  return structuredClone(contentOfConfig(config));
}

/** The editor's state as the server answers it: the configuration's content, no draft, no history. */
export function siteContentStateFixture(
  overrides: Partial<SiteContentState> = {},
): SiteContentState {
  return {
    content: contentFromConfig(),
    draft: null,
    history: [],
    fixed: {
      timeZone: config.timeZone,
      rabbiName: config.rabbi.name,
      tiers: config.tiers.map((t) => ({ id: t.id, name: t.name, price: t.price })),
    },
    ...overrides,
  };
}
