import * as z from 'zod/mini';
import { campaignStatuses, wallDisplays } from '~/shared/domain';
import { pauseKinds } from '~/shared/campaign-clock';
import { boundedText, lineText, optionalLine } from './common';

/**
 * Campaigns (issue 35, ADR 054): the office's JSON API and the public snapshot. Money is in
 * dollars here, as the donate API takes it; the database keeps cents.
 */

export const CAMPAIGN_MAX_DOLLARS = 10_000_000;

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

export const campaignMatcherInput = z.object({
  name: lineText('Matcher name', 100, 1, "Please enter the matcher's name"),
  ratio: ratioField,
  cap: wholeDollars('The cap'),
});

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

export const campaignIdParams = z.object({
  id: z
    .string()
    .check(
      z.regex(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
        'Unknown campaign',
      ),
    ),
});

const matcherView = z.object({
  name: z.string(),
  ratio: z.number(),
  cap: z.number(),
  /** Dollars this matcher has given so far (received gifts only). */
  used: z.number(),
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
  status: z.enum(campaignStatuses),
  matchers: z.array(matcherView),
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

/** Where a campaign is in its time: before its start, running, past its end but still open, over. */
export const campaignStates = ['upcoming', 'live', 'still-open', 'ended'] as const;

/** One gift on the wall, as its donor chose to be shown; a name not shown is not here at all. */
export const wallEntry = z.object({
  /** The name, initials or "Anonymous". */
  name: z.string(),
  /** Dollars the gift counts for; null when the donor chose to show the name only. */
  amount: z.nullable(z.number()),
  /** A monthly gift: what each month gives and how many months count ("$36 × 12"). */
  monthly: z.nullable(z.object({ amount: z.number(), months: z.number() })),
  at: z.string(),
});

/** `GET /api/campaigns/:slug`: the campaign's figures, from one snapshot kept in memory. */
export const campaignSnapshot = z.object({
  slug: z.string(),
  title: z.string(),
  /** The campaign row's version: a page never goes back to an older one. */
  version: z.number(),
  state: z.enum(campaignStates),
  goal: z.number(),
  raised: z.number(),
  matched: z.number(),
  pending: z.number(),
  donors: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  matchers: z.array(matcherView),
  wall: z.array(wallEntry),
});
export type CampaignSnapshot = z.output<typeof campaignSnapshot>;

export const campaignSlugParams = z.object({ slug: z.string().check(z.maxLength(100)) });

/** The donate API's and form's optional campaign fields. */
export const campaignGiftFields = {
  campaign: z.optional(z.nullable(z.string().check(z.maxLength(100, 'Unknown campaign')))),
  wall: z.optional(
    z.nullable(z.enum(wallDisplays, { error: 'Please choose how your gift is shown on the wall' })),
  ),
};
