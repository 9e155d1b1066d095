import { z } from 'zod';
import {
  contactSection,
  contentImage,
  heroSection,
  membershipBenefitsSection,
  mentorshipSection,
  miraclesSection,
  rabbiSection,
  socialSection,
  tierTexts,
  teachingSection,
  testimonialsSection,
  welcomeSection,
  whatsappChannelSection,
} from './schemas/site-content';
import { publicContentKeys } from './site-content';

/**
 * The shape of a community's identity and content. Another community reuses the software by
 * editing `site.config.ts` (validated against this schema at build and boot) and its images.
 * Benefit texts may mark bold words with **double asterisks**; nothing else is interpreted.
 *
 * The sections the office edits in admin (hero, welcome, the Rabbi's words and portrait, tier
 * words, testimonials, miracles, the circle and the teaching dates, contacts, social links) are
 * checked by the editor's own schemas (schemas/site-content.ts): the file is a fresh site's first
 * content and the fallback, and what the office publishes overlays it (src/shared/site-content.ts).
 */
const text = z.string().trim().min(1);
const image = contentImage;

export const tierSchema = z.object({
  ...tierTexts.shape,
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  name: text,
  /** The donate page's name for the tier, where it differs (spec: 'Illumination' for Beacon). */
  donateName: text,
  price: z.number().int().positive(),
  popular: z.boolean(),
});

/**
 * What a membership's payment gives in return, for its tax acknowledgement: nothing; only
 * intangible religious benefits (prayer, teaching: no value to state); or goods or services,
 * described, with the organisation's good-faith estimate of their value per monthly payment.
 */
const tierBenefitSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('intangible-religious'),
    /** What is given, as the sentence continues after "intangible religious benefits: ". */
    description: text,
  }),
  z.object({
    kind: z.literal('goods-or-services'),
    /** What is given, as the sentence continues after "you received ". */
    description: text,
    /** The good-faith estimate of their value for each monthly payment, in dollars. */
    valuePerPayment: z.number().min(0),
  }),
]);

/**
 * Where the community keeps Shabbat and Yom Tov: a campaign pauses from candle lighting to
 * havdalah there, on the site's time zone (src/server/lib/campaign-times.ts, with @hebcal/core).
 */
const locationSchema = z.object({
  /** The place's name as the office and donors read it ('Monsey, NY'). */
  city: text,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** Metres above sea level; when given, sunset is computed for that height (left out: sea level). */
  elevation: z.number().min(0).max(9000).optional(),
  /** Israel keeps one day of Yom Tov; elsewhere the first and last days are two. */
  israel: z.boolean().default(false),
  /** Candles are lit this many minutes before sunset (18 is common; Jerusalem keeps 40). */
  candleLightingMinutes: z.number().int().min(0).max(90).default(18),
  /**
   * Havdalah: a number of minutes after sunset (42, 50, 72), or nightfall (tzeit) as the sun's
   * depth below the horizon in degrees (8.5: three small stars, the default).
   */
  havdalah: z
    .union([
      z.object({ minutes: z.number().int().min(1).max(120) }).strict(),
      z.object({ degrees: z.number().min(1).max(20) }).strict(),
    ])
    .default({ degrees: 8.5 }),
});

const siteConfigShape = z.object({
  product: text,
  legalName: text,
  ein: z.string().regex(/^\d{2}-\d{7}$/, 'EIN looks like 12-3456789'),
  taxStatement: text,
  rabbi: z.object({ name: text, shortName: text, ...rabbiSection.shape }),
  contact: contactSection,
  social: socialSection,
  whatsappChannel: whatsappChannelSection,
  seo: z.object({ description: text, image, locale: text, twitterHandle: z.string() }),
  timeZone: text,
  location: locationSchema,
  hero: heroSection,
  welcome: welcomeSection,
  tiers: z.array(tierSchema).length(3),
  testimonials: testimonialsSection,
  miracles: miraclesSection,
  mentorship: z.object({
    ...mentorshipSection.shape,
    /** The tier id whose members the circle is for. */
    tier: text,
  }),
  /** What a new member's welcome mail tells them (src/server/services/mail/templates/member-welcome.tsx). */
  memberSchedule: z.object({
    /** When and how the Rabbi prays for members' names. */
    prayer: text,
    zoomTeaching: z.object({
      /** A session's date, later ones every `everyMonths`, and the time as members read it. */
      ...teachingSection.shape,
      /** Tier ids whose members are invited. */
      tiers: z.array(text).min(1),
    }),
  }),
  /** Names for prayer (src/server/features/prayer-names, prayer-list). */
  prayerNames: z
    .object({
      /** A name leaves the weekly list this many weeks after it was given or last renewed. */
      lapseWeeks: z.number().int().min(1).max(52),
      /** The giver is reminded this many days before a name lapses. */
      reminderDays: z.number().int().min(1),
      /** Whether donors who are not members may give names too (by their gifts' email). */
      donorsMayGiveNames: z.boolean(),
    })
    .refine((p) => p.reminderDays < p.lapseWeeks * 7, {
      message: 'the reminder must come before the name lapses',
      path: ['reminderDays'],
    }),
  /** Receipts and year-end statements (PDF), src/server/features/my-giving. Server only. */
  receipts: z.object({
    /** The organisation's postal address as printed on receipts, one line each. */
    legalAddress: z.array(text).min(1),
    /**
     * By tier id, what a membership's monthly payment gives the member in return, as its
     * acknowledgement states it (IRS Publication 1771; src/server/services/receipts/
     * acknowledgement.ts, docs/receipts.md). Every tier needs one: the office decides it.
     */
    tierBenefits: z.record(z.string(), tierBenefitSchema),
    /** The day each January (or other month) the past year's statements are mailed. */
    statementsSendOn: z.object({
      month: z.number().int().min(1).max(12),
      day: z.number().int().min(1).max(28),
    }),
  }),
  landingPresets: z.array(
    z.object({ amount: z.number().int().positive(), label: text, note: text }),
  ),
  donatePresets: z.array(z.number().int().positive()).min(1),
  impact: z.array(z.object({ amount: z.number().int().positive(), text })),
  membershipBenefits: membershipBenefitsSection,
});

export const siteConfigSchema = siteConfigShape.superRefine((config, ctx) => {
  if (config.tiers.filter((t) => t.popular).length !== 1) {
    ctx.addIssue({ code: 'custom', path: ['tiers'], message: 'exactly one tier is popular' });
  }
  for (const tier of config.tiers) {
    if (!config.receipts.tierBenefits[tier.id]) {
      ctx.addIssue({
        code: 'custom',
        path: ['receipts', 'tierBenefits', tier.id],
        message: `say what a ${tier.name} membership gives in return, for its receipts`,
      });
    }
  }
});

export type SiteConfig = z.output<typeof siteConfigSchema>;

/**
 * The answer of `GET /api/site-content`: what the public pages show of the site
 * (`publicContentOf`), for a page the browser renders after the first (ADR 042).
 */
export const publicContentSchema = siteConfigShape.pick(
  Object.fromEntries(publicContentKeys.map((key) => [key, true])) as Record<
    (typeof publicContentKeys)[number],
    true
  >,
);
/** What `site.config.ts` writes: defaults (a testimonial's `hidden`) may be left out. */
export type SiteConfigInput = z.input<typeof siteConfigSchema>;
export type Tier = z.infer<typeof tierSchema>;
