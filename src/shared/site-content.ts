import type { SiteContent, SiteContentSection } from './schemas/site-content';
import type { SiteConfig } from './site-config-schema';

/**
 * The site's configuration and the content the office publishes (ADR 033): the
 * configuration holds every section the editor edits, so it is a fresh site's first content
 * (`contentOfConfig`); once the office publishes, its content is laid over the configuration
 * (`withContent`) and the pages, mails and receipts read the result.
 */

/** The editable sections as `site.config.ts` holds them. */
export function contentOfConfig(config: SiteConfig): SiteContent {
  const { tier: _tier, ...mentorship } = config.mentorship;
  const { tiers: _tiers, ...teaching } = config.memberSchedule.zoomTeaching;
  return {
    hero: config.hero,
    welcome: config.welcome,
    rabbi: { bio: config.rabbi.bio, image: config.rabbi.image },
    tiers: config.tiers.map(({ id, tagline, benefits }) => ({ id, tagline, benefits })),
    membershipBenefits: config.membershipBenefits,
    testimonials: config.testimonials,
    miracles: config.miracles,
    mentorship,
    teaching,
    whatsappChannel: config.whatsappChannel,
    contact: config.contact,
    social: config.social,
  };
}

/** The site as visitors see it: the configuration with the published content laid over it. */
export function withContent(config: SiteConfig, content: SiteContent): SiteConfig {
  const tierTexts = new Map(content.tiers.map((t) => [t.id, t]));
  return {
    ...config,
    hero: content.hero,
    welcome: content.welcome,
    rabbi: { ...config.rabbi, ...content.rabbi },
    // A tier's id, name and price are the configuration's; only its words come from the office.
    tiers: config.tiers.map((tier) => {
      const texts = tierTexts.get(tier.id);
      return texts ? { ...tier, tagline: texts.tagline, benefits: texts.benefits } : tier;
    }),
    membershipBenefits: content.membershipBenefits,
    testimonials: content.testimonials,
    miracles: content.miracles,
    mentorship: { ...config.mentorship, ...content.mentorship },
    memberSchedule: {
      ...config.memberSchedule,
      zoomTeaching: { ...config.memberSchedule.zoomTeaching, ...content.teaching },
    },
    whatsappChannel: content.whatsappChannel,
    contact: content.contact,
    social: content.social,
  };
}

/** JSON with every object's keys in order: the database's jsonb keeps them in its own. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The sections of two contents that differ (in the editor's order); all when there is none before. */
export function changedSections(before: SiteContent | null, after: SiteContent) {
  return (Object.keys(after) as SiteContentSection[]).filter(
    (section) => !before || canonical(before[section]) !== canonical(after[section]),
  );
}

/** What the pages show of the site that the office may change: sent with every page. */
export const publicContentKeys = [
  'hero',
  'welcome',
  'rabbi',
  'tiers',
  'membershipBenefits',
  'testimonials',
  'miracles',
  'mentorship',
  'whatsappChannel',
  'contact',
  'social',
] as const satisfies readonly (keyof SiteConfig)[];

export type PublicContent = Pick<SiteConfig, (typeof publicContentKeys)[number]>;

/** The public content of a site, without what the office hid: a hidden story never leaves. */
export function publicContentOf(site: SiteConfig): PublicContent {
  return {
    hero: site.hero,
    welcome: site.welcome,
    rabbi: site.rabbi,
    tiers: site.tiers,
    membershipBenefits: site.membershipBenefits,
    testimonials: site.testimonials.filter((t) => !t.hidden),
    miracles: site.miracles.filter((m) => !m.hidden),
    mentorship: site.mentorship,
    whatsappChannel: site.whatsappChannel,
    contact: site.contact,
    social: site.social,
  };
}
