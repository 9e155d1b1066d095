import { z } from 'zod';

/**
 * The shape of a community's identity and content. Another community reuses the software by
 * editing `site.config.ts` (validated against this schema at build and boot) and its images.
 * Benefit texts may mark bold words with **double asterisks**; nothing else is interpreted.
 */
const text = z.string().trim().min(1);
const sitePath = z.string().regex(/^(\/|#)/, 'must be a site path (/...) or an anchor (#...)');
const image = z.object({
  src: z.string().startsWith('/', 'images are served by this site: start with /'),
  alt: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

export const tierSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  name: text,
  /** The donate page's name for the tier, where it differs (spec: 'Illumination' for Beacon). */
  donateName: text,
  tagline: text,
  price: z.number().int().positive(),
  popular: z.boolean(),
  benefits: z.array(text).min(1),
});

export const siteConfigSchema = z
  .object({
    product: text,
    legalName: text,
    ein: z.string().regex(/^\d{2}-\d{7}$/, 'EIN looks like 12-3456789'),
    taxStatement: text,
    rabbi: z.object({ name: text, shortName: text, bio: z.array(text).min(1), image }),
    contact: z.object({
      email: z.email(),
      phone: text,
      addressLine: text,
    }),
    social: z.object({
      twitter: z.url(),
      instagram: z.url(),
      facebook: z.url(),
      tiktok: z.url(),
      youtube: z.url(),
      whatsapp: z.url(),
    }),
    whatsappChannel: z.object({ url: z.url(), heading: text, text }),
    seo: z.object({ description: text, image, locale: text, twitterHandle: z.string() }),
    timeZone: text,
    hero: z
      .array(
        z.object({
          title: z.tuple([text, text]),
          subtitle: text,
          buttonText: text,
          buttonLink: sitePath,
          backgroundImage: image,
        }),
      )
      .length(3),
    welcome: z.object({ heading: text, text, points: z.array(z.object({ title: text, text })) }),
    tiers: z.array(tierSchema).length(3),
    testimonials: z.array(z.object({ quote: text, author: text, tier: text, title: text })).min(1),
    miracles: z.array(z.object({ title: text, content: text, image })).length(3),
    mentorship: z.object({
      heading: text,
      text,
      cadence: text,
      sessionMinutes: z.number().int().positive(),
      seats: z.number().int().positive(),
      nextSession: z.iso.date(),
      /** Months between sessions: a past `nextSession` rolls forward by this much. */
      everyMonths: z.number().int().positive(),
      /** The tier id whose members the circle is for. */
      tier: text,
    }),
    /** What a new member's welcome mail tells them (src/server/mail/templates/member-welcome.tsx). */
    memberSchedule: z.object({
      /** When and how the Rabbi prays for members' names. */
      prayer: text,
      zoomTeaching: z.object({
        /** A session's date; later ones follow every `everyMonths`. */
        nextSession: z.iso.date(),
        everyMonths: z.number().int().positive(),
        /** The time of day, as members read it (e.g. '8:00 PM Eastern'). */
        time: text,
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
      /** The IRS statement that no goods or services were given in return for a gift. */
      noGoodsOrServices: text,
      /**
       * By tier id: the sentence a member's statement carries instead, where the membership's
       * benefits must be stated with their value. A tier not named here gets noGoodsOrServices.
       */
      tierGoodsOrServices: z.record(z.string(), text),
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
    membershipBenefits: z.array(z.object({ title: text, text })).min(1),
  })
  .superRefine((config, ctx) => {
    if (config.tiers.filter((t) => t.popular).length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['tiers'], message: 'exactly one tier is popular' });
    }
  });

export type SiteConfig = z.infer<typeof siteConfigSchema>;
export type Tier = z.infer<typeof tierSchema>;
