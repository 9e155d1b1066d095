import * as z from 'zod/mini';
import { campaignStatuses, checkoutMethods, dedicationKinds, wallDisplays } from '~/shared/domain';
import { campaignStateNames, pauseKinds } from '~/shared/campaign-clock';
import { cleanReferrer } from '~/shared/gift-referrer';
import { boundedText, lineText, optionalLine, optionalText, uuidText } from './common';
import { contentImage } from './site-content';
import { groupStanding, teamPageStanding, teamStanding } from './campaign-teams';

/**
 * Campaigns (ADR 054): the office's JSON API and the public snapshot. Money is in
 * dollars here, as the donate API takes it; the database keeps cents.
 */

export const CAMPAIGN_MAX_DOLLARS = 10_000_000;

/** The share message's cap: a WhatsApp or SMS message that still reads as one, with the link. */
export const SHARE_TEXT_MAX = 300;

/** A slug as it appears in `/campaign/:slug`: lower-case letters, digits and single hyphens. */
export const campaignSlug = z
  .string({ error: 'Please enter the web address name (slug)' })
  .check(
    z.trim(),
    z.minLength(1, 'Please enter the web address name (slug)'),
    z.maxLength(60, 'The slug must be at most 60 characters'),
    z.regex(
      /^[a-z0-9]+(-[a-z0-9]+)*$/,
      'The slug may have only lower-case letters, digits and single hyphens between them',
    ),
  );

function wholeDollars(label: string) {
  return z.number({ error: `${label} must be a number of whole dollars` }).check(
    z.refine((n) => Number.isInteger(n), `${label} must be in whole dollars`),
    z.refine((n) => n > 0, `${label} must be more than $0`),
    z.refine(
      (n) => n <= CAMPAIGN_MAX_DOLLARS,
      `${label} must be at most $${CAMPAIGN_MAX_DOLLARS.toLocaleString('en-US')}`,
    ),
  );
}

function moment(label: string) {
  return z.iso.datetime({
    offset: true,
    error: `${label} must be a date and time with its offset, like 2026-12-13T20:00:00-05:00`,
  });
}

const ratioField = z.number({ error: 'The ratio must be a number (1 doubles a gift)' }).check(
  z.refine((n) => n > 0, 'The ratio must be more than 0 (1 doubles a gift, 2 triples it)'),
  z.refine((n) => n <= 100, 'The ratio must be at most 100'),
  z.refine(
    (n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
    'The ratio can have at most two decimals',
  ),
);

const matcherId = uuidText('That matcher is not one of this campaign');

/** A matcher kept is named by its id; a new one has none. */
export const campaignMatcherInput = z.object({
  id: z.optional(matcherId),
  name: lineText('Matcher name', 100, 1, "Please enter the matcher's name"),
  ratio: ratioField,
  cap: wholeDollars('The cap'),
});

const embedOriginMessage =
  'Each site must be an https address with no path, like https://www.example.org';

/**
 * A site allowed to frame the thermometer: an https origin exactly as the browser sends it (no
 * path, query, user or wildcard), since it goes into the embed's CSP `frame-ancestors` as is.
 */
export const embedOrigin = z.pipe(
  z.string({ error: embedOriginMessage }).check(
    z.trim(),
    z.maxLength(200, 'A site address must be at most 200 characters'),
    z.refine((text) => originOf(text) !== null, embedOriginMessage),
  ),
  z.transform((text) => originOf(text) ?? text),
);

/** `https://Example.org/` → `https://example.org`; anything but a bare https origin → null. */
export function originOf(text: string): string | null {
  if (!/^https:\/\/[a-z0-9.:[\]-]+\/?$/i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.username === '' && url.password === ''
      ? url.origin
      : null;
  } catch {
    return null;
  }
}

/** `POST /api/admin/campaigns` and `PUT /api/admin/campaigns/:id`. */
export const campaignInput = z
  .object({
    slug: campaignSlug,
    title: lineText('Title', 200, 1, 'Please enter the title'),
    story: z.pipe(
      z.optional(z.nullable(boundedText('Story', 20_000))),
      z.transform((v) => v ?? ''),
    ),
    goal: wholeDollars('The goal'),
    bonusGoals: z.optional(
      z.array(wholeDollars('A bonus goal')).check(z.maxLength(10, 'At most 10 bonus goals')),
    ),
    startsAt: moment('The start'),
    endsAt: moment('The end'),
    openUntil: z.optional(z.nullable(moment('Open until'))),
    recurringMonths: z.optional(
      z
        .number({ error: 'Months counted must be a whole number from 1 to 60' })
        .check(
          z.refine(
            (n) => Number.isInteger(n) && n >= 1 && n <= 60,
            'Months counted must be a whole number from 1 to 60',
          ),
        ),
    ),
    pauseForShabbat: z.optional(z.boolean({ error: 'pauseForShabbat must be true or false' })),
    fund: optionalLine('Fund', 200),
    offlineGiftsMatched: z.optional(
      z.boolean({ error: 'offlineGiftsMatched must be true or false' }),
    ),
    ambassadorMailShowsAmount: z.optional(
      z.boolean({ error: 'ambassadorMailShowsAmount must be true or false' }),
    ),
    embedOrigins: z.optional(
      z.array(embedOrigin).check(z.maxLength(20, 'At most 20 sites may show the thermometer')),
    ),
    shareText: optionalText('The share message', SHARE_TEXT_MAX),
    status: z.optional(z.enum(campaignStatuses, { error: 'Status must be draft or published' })),
    matchers: z.optional(
      z.array(campaignMatcherInput).check(z.maxLength(20, 'At most 20 matchers')),
    ),
  })
  .check(
    z.superRefine((c, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.issues.push({ code: 'custom', input: c, path: [path], message });
      const start = Date.parse(c.startsAt);
      const end = Date.parse(c.endsAt);
      if (end <= start) issue('endsAt', 'The end must be after the start');
      if (c.openUntil && Date.parse(c.openUntil) <= end) {
        issue('openUntil', '"Still open until" must be after the end');
      }
      const bonus = c.bonusGoals ?? [];
      if (bonus.some((b, i) => b <= (i === 0 ? c.goal : bonus[i - 1]!))) {
        issue('bonusGoals', 'Each bonus goal must be above the goal and above the one before it');
      }
    }),
  );

export type CampaignInput = z.output<typeof campaignInput>;

export const campaignIdParams = z.object({ id: uuidText('Unknown campaign') });

const matcherView = z.object({
  name: z.string(),
  ratio: z.number(),
  cap: z.number(),
  /** Dollars this matcher has given so far (received gifts only). */
  used: z.number(),
});

/** The office's view of a matcher: its id names it in the next save. */
const adminMatcherView = z.extend(matcherView, {
  id: z.string(),
  /** Whether any gift was ever matched by it: then its ratio and place stay as they are. */
  hasMatched: z.boolean(),
});

export const campaignView = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  story: z.string(),
  goal: z.number(),
  bonusGoals: z.array(z.number()),
  startsAt: z.string(),
  endsAt: z.string(),
  openUntil: z.nullable(z.string()),
  recurringMonths: z.number(),
  pauseForShabbat: z.boolean(),
  fund: z.nullable(z.string()),
  offlineGiftsMatched: z.boolean(),
  /** Whether a team leader's mail of a gift says the amount (the donor's wall choice permitting). */
  ambassadorMailShowsAmount: z.boolean(),
  embedOrigins: z.array(z.string()),
  shareText: z.nullable(z.string()),
  status: z.enum(campaignStatuses),
  matchers: z.array(adminMatcherView),
  /** The end moved later by Shabbat and Yom Tov (ADR 055); `endsAt` without pauses. */
  computedEndsAt: z.string(),
  /** The still-open period's end, moved the same way. */
  computedOpenUntil: z.nullable(z.string()),
  /** The pauses from the start to the last end, in order. */
  pauses: z.array(z.object({ start: z.string(), end: z.string(), kind: z.enum(pauseKinds) })),
});
export type CampaignView = z.output<typeof campaignView>;
/** A campaign as stored, before its computed times are added for the office. */
export type CampaignRecord = Omit<CampaignView, 'computedEndsAt' | 'computedOpenUntil' | 'pauses'>;

export const campaignSaved = z.object({ campaign: campaignView });
export const campaignList = z.object({ campaigns: z.array(campaignView) });

/** Where a campaign is in its time, as the shared campaign clock says (campaign-clock.ts). */
export const campaignStates = campaignStateNames;

/** Why a gift on the wall no longer counts in full: its match was released for this reason. */
export const wallReleases = ['refunded', 'disputed', 'cancelled'] as const;
export type WallRelease = (typeof wallReleases)[number];

/** One gift on the wall, as its donor chose to be shown; a name not shown is not here at all. */
export const wallEntry = z.object({
  /** An opaque key for the list (not the gift's id, which no visitor needs). */
  id: z.string(),
  /** The name, initials or "Anonymous". */
  name: z.string(),
  /** Dollars the gift counts for; null when the donor chose to show the name only. */
  amount: z.nullable(z.number()),
  /** The dedication as the donor wrote it for the wall. */
  dedication: z.nullable(z.object({ kind: z.enum(dedicationKinds), name: z.string() })),
  /**
   * A monthly gift: what each month gives and how many months count ("$36 × 12"); the amount is
   * null when the donor chose to show the name only.
   */
  monthly: z.nullable(z.object({ amount: z.nullable(z.number()), months: z.number() })),
  /** Why the gift's match was taken back (a refund, a dispute, a monthly plan ended), or null. */
  released: z.nullable(z.enum(wallReleases)),
  /**
   * Dollars refunded of a gift that still stands in part (its `amount` is what stands); null
   * otherwise, and when the donor chose to show the name only.
   */
  refunded: z.nullable(z.number()),
  at: z.string(),
});
export type WallEntry = z.output<typeof wallEntry>;

/**
 * `GET /api/campaigns/:slug` and the campaign page's data: the campaign's figures, times and
 * wall, from one snapshot kept in memory. Times are the computed ones: the end moved later by
 * Shabbat and Yom Tov when the campaign pauses for them.
 */
export const campaignSnapshot = z.object({
  slug: z.string(),
  title: z.string(),
  /** The campaign row's version: grows with each gift recorded or released and each edit. */
  version: z.number(),
  state: z.enum(campaignStates),
  goal: z.number(),
  /** The donors' money received (pending gifts not included). */
  raised: z.number(),
  /** The matchers' money earned by what was received. */
  matched: z.number(),
  /** Gifts started but not received yet (an OJC charge, an uncleared cheque): never matched. */
  pending: z.number(),
  donors: z.number(),
  startsAt: z.string(),
  /** The end, later by the paused time when the campaign pauses for Shabbat and Yom Tov. */
  endsAt: z.string(),
  /** When a paused campaign takes gifts again; null unless paused. */
  resumesAt: z.nullable(z.string()),
  /** The end of the "still open" period (moved the same way), or null when there is none. */
  openUntil: z.nullable(z.string()),
  /** Shabbat and Yom Tov from the start to the last end: the page's countdown skips them. */
  pauses: z.array(z.object({ start: z.string(), end: z.string(), kind: z.enum(pauseKinds) })),
  /** Amounts the total aims for once the goal is passed, published from the start. */
  bonusGoals: z.array(z.number()),
  /** How many payments of a monthly gift count toward the goal. */
  recurringMonths: z.number(),
  /** The office's words, with the site content's **bold** mark; paragraphs split by a blank line. */
  story: z.string(),
  /** The campaign's photo, its alt text the title; absent until the office uploads one. */
  photo: z.optional(contentImage),
  /** What the money is for, as the office named it; null when it named nothing. */
  fund: z.nullable(z.string()),
  /** In the order their matching is used. */
  matchers: z.array(matcherView),
  /** The latest gifts, newest first, each as its donor chose to be shown. */
  wall: z.array(wallEntry),
  /** The approved teams, by amount raised (the leaderboard orders them as the visitor asks). */
  teams: z.array(teamStanding),
  /** The groups the teams sit under, each with its teams' total, by amount raised. */
  groups: z.array(groupStanding),
});
export type CampaignSnapshot = z.output<typeof campaignSnapshot>;

/** `POST /api/admin/campaigns/:id/photo` and `…/teams/:teamId/photo`: the photo as the page now shows it. */
export const campaignPhotoSaved = z.object({ photo: contentImage });

export const campaignSlugParams = z.object({ slug: z.string().check(z.maxLength(100)) });

const referrerValue = z.optional(
  z.nullable(z.string({ error: 'A link’s utm value must be text' })),
);

/**
 * The campaign page's `utm_*` as the checkout carried them: cleaned and cut, never refused for
 * their content (a gift is not lost to its link), null when none is left.
 */
export const giftReferrerInput = z.pipe(
  z.optional(
    z.nullable(
      z.object({
        source: referrerValue,
        medium: referrerValue,
        campaign: referrerValue,
        content: referrerValue,
      }),
    ),
  ),
  z.transform((value) => cleanReferrer(value)),
);

/** The donate API's and form's optional campaign fields. */
export const campaignGiftFields = {
  campaign: z.optional(z.nullable(z.string().check(z.maxLength(100, 'Unknown campaign')))),
  wall: z.optional(
    z.nullable(z.enum(wallDisplays, { error: 'Please choose how your gift is shown on the wall' })),
  ),
  referrer: giftReferrerInput,
  /** The slug of the campaign's team the gift is given through (an approved team of that campaign). */
  team: z.optional(z.nullable(z.string().check(z.maxLength(100, 'Unknown team')))),
};

/** What the share buttons send: the office's message (or the default) and the page's address. */
const pageShare = z.object({ text: z.string(), pageUrl: z.string() });

/** What /campaign/:slug is rendered with on the server, and hydrated with in the browser. */
export const campaignPageData = z.object({
  campaign: campaignSnapshot,
  /** When the server rendered the page (ISO 8601): the countdown's first render counts from it. */
  renderedAt: z.string(),
  /** The payment methods that can take a one-time gift with these settings. */
  methods: z.array(z.enum(checkoutMethods)),
  share: pageShare,
});
export type CampaignPageData = z.output<typeof campaignPageData>;

/** `/campaign/:slug/screen` and `/campaign/:slug/embed`: the snapshot and where to give. */
export const campaignScreenData = z.object({
  campaign: campaignSnapshot,
  /** When the server rendered the page (ISO 8601): the countdown's first render counts from it. */
  renderedAt: z.string(),
  /** The campaign page's full address: the embed's "Give" link leaves the frame for it. */
  pageUrl: z.string(),
});
export type CampaignScreenData = z.output<typeof campaignScreenData>;

/** What /campaign/:slug/team/:team is rendered with, and hydrated with in the browser. */
export const campaignTeamPageData = z.object({
  campaign: campaignSnapshot,
  team: teamPageStanding,
  /** The latest gifts credited to the team, each as its donor chose to be shown. */
  wall: z.array(wallEntry),
  renderedAt: z.string(),
  methods: z.array(z.enum(checkoutMethods)),
  /** The team's page address (it credits the team) and a message naming the team. */
  share: pageShare,
});
export type CampaignTeamPageData = z.output<typeof campaignTeamPageData>;

/** `GET /api/campaigns/:slug/teams/:team`: an approved team's standing and wall. */
export const campaignTeamView = z.object({
  /** The campaign's snapshot version this was read at. */
  version: z.number(),
  team: teamPageStanding,
  wall: z.array(wallEntry),
});
export type CampaignTeamView = z.output<typeof campaignTeamView>;
