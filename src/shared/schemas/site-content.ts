import * as z from 'zod/mini';
import { boundedText, emailField, lineText, requiredText } from './common';

/**
 * What the office edits in admin → Site Content (docs/decisions/033-site-content.md):
 * the texts, photos and dates the public pages show. `site.config.ts` holds the same sections,
 * checked by these schemas, as a fresh site's first content and the fallback; what the office
 * publishes overlays it (src/shared/site-content.ts). Names, prices and the rest stay in the
 * configuration: prices are tied to payments.
 *
 * The same schemas check the configuration at start, the editor's input and what is stored, so
 * a message names the field the office typed into (`testimonials.1.quote`).
 */

export const contentLimits = {
  line: 120,
  paragraph: 2000,
  quote: 1000,
  alt: 300,
  url: 500,
  heroSlides: { min: 1, max: 6 },
  list: 24,
  bioParagraphs: 8,
  benefits: 12,
  /** An uploaded photo (JPEG, PNG or WebP) before it is resized. */
  imageMaxMb: 15,
};

export const contentMessages = {
  altRequired: 'Describe the photo for people who cannot see it (alt text)',
  sitePath: 'Must be a page of this site (/donate) or a section of the home page (#miracles)',
  imagePath: 'Must be an image of this site: upload it here',
  time: 'Give the time as HH:MM (24-hour), for example 20:00',
  date: 'Give the date as YYYY-MM-DD',
  url: 'Must be a full https:// address',
  staleDraft:
    'Another administrator saved this draft after you opened it. Nothing of yours was saved: reload to see their changes, then make yours again.',
};

const line = (label: string) => lineText(label, contentLimits.line, 1);
const paragraph = (label: string, max = contentLimits.paragraph) => requiredText(label, max);
const count = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .check(z.int(`${label} must be a whole number`), z.positive(`${label} must be above 0`));

/**
 * A picture this site serves: an uploaded photo (/media/…) or a drawing shipped with it
 * (/images/…); never another host (`//host`, `/\host`), another of its paths (/api/…, which
 * every visitor's browser would then ask for), or a way up (`..`).
 */
const picturePath = String.raw`/(?:media|images)/(?![^\s,]*\.\.)[\w.\-/]+`;
const imagePathPattern = new RegExp(`^${picturePath}$`);
/** `srcset`: such paths, each with its width. */
const srcsetPattern = new RegExp(`^${picturePath} \\d+w(, ${picturePath} \\d+w)*$`);

export const imageTypes = ['image/avif', 'image/webp', 'image/jpeg', 'image/png'] as const;

/**
 * A picture on a page: `src` and `srcset` the fallback format (JPEG or PNG), `sources` the
 * smaller formats the browser picks first (`<picture>`). Configured drawings have `src` only.
 */
export const contentImage = z.object({
  src: z.string().check(z.regex(imagePathPattern, contentMessages.imagePath)),
  alt: boundedText('Alt text', contentLimits.alt),
  width: count('Width'),
  height: count('Height'),
  srcset: z.optional(z.string().check(z.regex(srcsetPattern, contentMessages.imagePath))),
  sources: z.optional(
    z.array(
      z.object({
        type: z.enum(imageTypes),
        srcset: z.string().check(z.regex(srcsetPattern, contentMessages.imagePath)),
      }),
    ),
  ),
});
export type ContentImage = z.output<typeof contentImage>;

/** A photo a person must be told about: its alt text may not be empty. */
const describedImage = z.object({
  ...contentImage.shape,
  alt: boundedText('Alt text', contentLimits.alt, 1, contentMessages.altRequired),
});

/** A page of this site or a section of the home page: never another host (`//h`, `/\h`). */
const sitePath = z
  .string()
  .check(z.trim(), z.regex(/^(\/(?![/\\])[^\s\\]*|#[\w-]+)$/, contentMessages.sitePath));
const httpsUrl = z.url({ protocol: /^https$/, error: contentMessages.url });
const isoDate = z.iso.date(contentMessages.date);
/** A time of day in the site's time zone, 24-hour. */
const timeOfDay = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, contentMessages.time));
const hidden = z._default(z.boolean(), false);

// --- The sections ---------------------------------------------------------------------------

/** The home page's carousel. The slides are backgrounds behind their text: alt may be empty. */
export const heroSection = z
  .array(
    z.object({
      title: z.tuple([line('Title, first line'), line('Title, second line')]),
      subtitle: paragraph('Subtitle', 400),
      buttonText: line('Button text'),
      buttonLink: sitePath,
      backgroundImage: contentImage,
    }),
  )
  .check(
    z.minLength(contentLimits.heroSlides.min, 'Keep at least one slide'),
    z.maxLength(contentLimits.heroSlides.max, `At most ${contentLimits.heroSlides.max} slides`),
  );

export const welcomeSection = z.object({
  heading: line('Heading'),
  text: paragraph('Text'),
  points: z
    .array(z.object({ title: line('Title'), text: paragraph('Text', 600) }))
    .check(z.maxLength(contentLimits.list, `At most ${contentLimits.list} points`)),
});

/** The Rabbi's section: his name stays in the configuration (mails and receipts carry it). */
export const rabbiSection = z.object({
  bio: z
    .array(paragraph('Paragraph'))
    .check(
      z.minLength(1, 'Write at least one paragraph'),
      z.maxLength(contentLimits.bioParagraphs, `At most ${contentLimits.bioParagraphs} paragraphs`),
    ),
  image: describedImage,
});

export const testimonialsSection = z
  .array(
    z.object({
      title: line('Title'),
      quote: paragraph('Quote', contentLimits.quote),
      author: line('Author'),
      tier: line('Membership'),
      hidden,
    }),
  )
  .check(z.maxLength(contentLimits.list, `At most ${contentLimits.list} testimonials`));

export const miraclesSection = z
  .array(
    z.object({
      title: line('Title'),
      content: paragraph('Story'),
      image: describedImage,
      hidden,
    }),
  )
  .check(z.maxLength(contentLimits.list, `At most ${contentLimits.list} stories`));

/** The Beacon circle: when it next meets is a date (and time) in the site's time zone. */
export const mentorshipSection = z.object({
  heading: line('Heading'),
  text: paragraph('Text'),
  cadence: line('How often'),
  sessionMinutes: count('Length in minutes'),
  seats: count('Seats'),
  nextSession: isoDate,
  startTime: z.optional(timeOfDay),
  /** Months between sessions: a date that has passed rolls forward by this much. */
  everyMonths: count('Months between sessions'),
});

/** The members' live Zoom teaching (its time of day as members read it, e.g. 8:00 PM Eastern). */
export const teachingSection = z.object({
  nextSession: isoDate,
  everyMonths: count('Months between sessions'),
  time: line('Time'),
});

export const contactSection = z.object({
  email: emailField(),
  phone: line('Phone'),
  addressLine: line('Address'),
});

export const socialSection = z.object({
  twitter: httpsUrl,
  instagram: httpsUrl,
  facebook: httpsUrl,
  tiktok: httpsUrl,
  youtube: httpsUrl,
  whatsapp: httpsUrl,
});

export const whatsappChannelSection = z.object({
  url: httpsUrl,
  heading: line('Heading'),
  text: paragraph('Text', 600),
});

/** The membership section's list on the home page. */
export const membershipBenefitsSection = z
  .array(z.object({ title: line('Title'), text: paragraph('Text', 600) }))
  .check(
    z.minLength(1, 'Keep at least one benefit'),
    z.maxLength(contentLimits.list, `At most ${contentLimits.list} benefits`),
  );

/** A tier's words (its id, name and price stay in the configuration). **bold** allowed. */
export const tierTexts = z.object({
  id: z.string(),
  tagline: line('Tagline'),
  benefits: z
    .array(requiredText('Benefit', 300))
    .check(
      z.minLength(1, 'Keep at least one benefit'),
      z.maxLength(contentLimits.benefits, `At most ${contentLimits.benefits} benefits`),
    ),
});
export const tierTextsSection = z.array(tierTexts);

export const siteContentSections = {
  hero: heroSection,
  welcome: welcomeSection,
  rabbi: rabbiSection,
  tiers: tierTextsSection,
  membershipBenefits: membershipBenefitsSection,
  testimonials: testimonialsSection,
  miracles: miraclesSection,
  mentorship: mentorshipSection,
  teaching: teachingSection,
  whatsappChannel: whatsappChannelSection,
  contact: contactSection,
  social: socialSection,
};

export type SiteContentSection = keyof typeof siteContentSections;
export const siteContentSectionNames = Object.keys(siteContentSections) as SiteContentSection[];

/** The sections' names as the editor shows them. */
export const sectionLabels: Record<SiteContentSection, string> = {
  hero: 'Hero slides',
  welcome: 'Welcome',
  rabbi: 'The Rabbi',
  tiers: 'Membership tiers',
  membershipBenefits: 'Membership benefits',
  testimonials: 'Testimonials',
  miracles: 'Miracle stories',
  mentorship: 'Mentorship circle',
  teaching: 'Zoom teaching',
  whatsappChannel: 'WhatsApp channel',
  contact: 'Office contacts',
  social: 'Social links',
};

export const siteContent = z.object(siteContentSections);
export type SiteContent = z.output<typeof siteContent>;
export type SiteContentInput = z.input<typeof siteContent>;

// --- The admin API --------------------------------------------------------------------------

/** `PUT /api/admin/site-content/draft/:section`: one section, on the draft the editor read. */
export const saveSectionInput = z.object({
  /** The draft's revision the editor read (0: no draft yet); a later one answers 409. */
  revision: z.number().check(z.int(), z.nonnegative()),
  value: z.unknown(),
});

/** `POST /api/admin/site-content/publish` and `…/discard`: the draft as the editor last read it. */
export const publishInput = z.object({ revision: z.number().check(z.int(), z.positive()) });

const stamp = z.object({ at: z.iso.datetime(), by: z.nullable(z.string()) });

export const publishedVersion = z.object({
  id: z.number(),
  ...stamp.shape,
  /** The sections that differ from the version before (the configuration, for the first). */
  sections: z.array(z.enum(siteContentSectionNames as [SiteContentSection])),
  /** Set when this version put an earlier one back. */
  restoredFrom: z.nullable(z.number()),
  /** The content the site was set up with (site.config.ts), kept at the first publish. */
  setup: z.boolean(),
});
export type PublishedVersion = z.output<typeof publishedVersion>;

/** `GET /api/admin/site-content` and the answer of every change. */
export const siteContentState = z.object({
  /** What the editor shows: the draft, else what is published, else the configuration. */
  content: siteContent,
  draft: z.nullable(
    z.object({
      revision: z.number(),
      ...stamp.shape,
      /** The sections that differ from what is published. */
      changed: z.array(z.enum(siteContentSectionNames as [SiteContentSection])),
    }),
  ),
  /** Newest first, the last 20; empty while the site shows its configuration. */
  history: z.array(publishedVersion),
  /** What the editor shows but does not edit. */
  fixed: z.object({
    timeZone: z.string(),
    rabbiName: z.string(),
    tiers: z.array(z.object({ id: z.string(), name: z.string(), price: z.number() })),
  }),
});
export type SiteContentState = z.output<typeof siteContentState>;
