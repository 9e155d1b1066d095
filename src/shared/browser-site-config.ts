import type { SiteConfigInput } from './site-config-schema';
import { publicContentKeys } from './site-content';

/** The configuration's keys only the server reads. */
export const serverOnlyConfigKeys = [
  'memberSchedule',
  'prayerNames',
  'taxStatement',
  'seo',
  'receipts',
  'location',
] as const;

/**
 * The site configuration as the browser's bundle gets it (vite.config.ts): its fixed facts only.
 * Left out: what only the server reads (the welcome mail's schedule, the prayer-name rules, the
 * receipts' tax statement, the pages' default meta description, where Shabbat is kept: the
 * campaign page gets its computed pause times instead), which every phone would
 * otherwise download with the home page, and what the office edits in admin (ADR 033), which
 * comes with each page as published (src/client/lib/site-content.tsx), tiers' words included.
 * Typed as such by src/client/lib/site-config.ts.
 */
export function browserConfigOf(config: SiteConfigInput) {
  const left = new Set<string>([...serverOnlyConfigKeys, ...publicContentKeys]);
  return {
    ...Object.fromEntries(Object.entries(config).filter(([key]) => !left.has(key))),
    tiers: config.tiers.map(({ tagline: _tagline, benefits: _benefits, ...tier }) => tier),
  };
}
