import siteConfig from '@site-config';
import type { SiteConfig, Tier } from '~/shared/site-config-schema';
import type { serverOnlyConfigKeys } from '~/shared/browser-site-config';
import type { publicContentKeys } from '~/shared/site-content';

/**
 * What the browser's bundle holds of `site.config.ts`: the fixed facts (the product's name, the
 * time zone, the tiers' ids and prices, the gift amounts). What the office edits (texts, photos,
 * dates, contacts, a tier's words) comes with each page instead, through `useSiteContent(section)`
 * (src/client/lib/site-content.tsx): the bundle's copy would be what the file said at the build.
 */
export type BrowserSiteConfig = Omit<
  SiteConfig,
  (typeof serverOnlyConfigKeys)[number] | (typeof publicContentKeys)[number]
> & {
  tiers: Omit<Tier, 'tagline' | 'benefits'>[];
};

// Structurally the whole file in the types: the bundle's copy lacks the keys the type leaves out.
const browserSiteConfig: BrowserSiteConfig = siteConfig;
export default browserSiteConfig;
