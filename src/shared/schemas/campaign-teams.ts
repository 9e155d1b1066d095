import * as z from 'zod/mini';
import { teamStatuses } from '~/shared/domain';
import { emailField, honeypot, lineText, optionalLine, uuidText } from './common';
import { contentImage } from './site-content';

/**
 * A campaign's teams (ambassadors' circles) and groups: the office's API, the ambassador's
 * request, and what the public snapshot and the team's page show. Money in dollars.
 */

export const TEAM_GOAL_MAX_DOLLARS = 10_000_000;

const teamSlugMessage =
  'The team address may have only lower-case letters, digits and single hyphens between them';

/** A team's slug as it appears in `/campaign/:slug/team/:team`. */
export const teamSlug = z
  .string({ error: 'Please enter the team address name (slug)' })
  .check(
    z.trim(),
    z.minLength(1, 'Please enter the team address name (slug)'),
    z.maxLength(60, 'The team address must be at most 60 characters'),
    z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, teamSlugMessage),
  );

/** "The Katz Family Shiur!" → "the-katz-family-shiur"; a name of no Latin letters gives "team". */
export function slugOfTeamName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return slug || 'team';
}

const goalMessage = 'The goal must be a whole number of dollars, like 1800';

/**
 * An optional goal in whole dollars: a number from the API, or the text a form posts; blank is
 * no goal.
 */
export const optionalTeamGoal = z.pipe(
  z.optional(
    z.nullable(z.union([z.number({ error: goalMessage }), z.string({ error: goalMessage })])),
  ),
  z.transform((value, ctx) => {
    if (value === undefined || value === null) return null;
    const text =
      typeof value === 'number' ? String(value) : value.trim().replace(/^\$/, '').replace(/,/g, '');
    if (text === '') return null;
    if (!/^\d{1,9}$/.test(text)) {
      ctx.issues.push({ code: 'custom', input: value, message: goalMessage });
      return z.NEVER;
    }
    const dollars = Number(text);
    if (dollars < 1 || dollars > TEAM_GOAL_MAX_DOLLARS) {
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: `The goal must be from $1 to $${TEAM_GOAL_MAX_DOLLARS.toLocaleString('en-US')}`,
      });
      return z.NEVER;
    }
    return dollars;
  }),
);

const teamName = lineText('Team name', 80, 1, 'Please enter the name of your team');
const leaderName = lineText('Your name', 100, 1, 'Please enter your name');

/**
 * `POST /api/campaigns/:slug/teams` and the campaign page's "Be an ambassador" form (also
 * without JavaScript): a request the office approves before the team is public.
 */
export const ambassadorRequestInput = z.object({
  name: leaderName,
  email: emailField('Please enter your email address'),
  team: teamName,
  goal: optionalTeamGoal,
  ...honeypot,
});
export type AmbassadorRequestInput = z.output<typeof ambassadorRequestInput>;

export const ambassadorRequestSent =
  'Thank you! The office will look at your team and write to you once it is approved.';

/** `POST /api/admin/campaigns/:id/teams` and `PUT /api/admin/campaigns/:id/teams/:teamId`. */
export const teamInput = z.object({
  /** Made from the name when absent. */
  slug: z.optional(z.nullable(teamSlug)),
  name: teamName,
  leaderName: lineText("Leader's name", 100, 1, "Please enter the leader's name"),
  leaderEmail: emailField("Please enter the leader's email address"),
  goal: optionalTeamGoal,
  group: optionalLine('Group', 80),
  status: z.optional(
    z.enum(teamStatuses, { error: 'Status must be requested, approved or declined' }),
  ),
});
export type TeamInput = z.output<typeof teamInput>;

export const teamIdParams = z.object({
  id: uuidText('Unknown campaign'),
  teamId: uuidText('Unknown team'),
});

/** The office's view of a team: every status, the leader's address, the team's figures. */
export const adminTeamView = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  leaderName: z.string(),
  leaderEmail: z.string(),
  goal: z.nullable(z.number()),
  group: z.nullable(z.string()),
  status: z.enum(teamStatuses),
  raised: z.number(),
  donors: z.number(),
  createdAt: z.string(),
  /** The team's photo as its page shows it; absent until the office uploads one. */
  photo: z.optional(contentImage),
});
export type AdminTeamView = z.output<typeof adminTeamView>;
export const adminTeamList = z.object({ teams: z.array(adminTeamView) });
export const adminTeamSaved = z.object({ team: adminTeamView });

/**
 * An approved team's public standing: what the leaderboard and the team's page show. No
 * leader's address, no donor's name: the donors are a count (a hidden gift's donor counts too).
 */
export const teamStanding = z.object({
  slug: z.string(),
  name: z.string(),
  group: z.nullable(z.string()),
  goal: z.nullable(z.number()),
  /** The donors' money received through the team, counted as the campaign counts it. */
  raised: z.number(),
  donors: z.number(),
});
export type TeamStanding = z.output<typeof teamStanding>;

/**
 * The standing on the team's own page, with its photo (alt text the team's name; absent until
 * the office uploads one). The snapshot's teams go without it: every viewer of the campaign
 * receives the snapshot again after each gift, and the leaderboard shows no photos.
 */
export const teamPageStanding = z.object({
  ...teamStanding.shape,
  photo: z.optional(contentImage),
});

/** A group's total: its approved teams added up; its donors each counted once. */
export const groupStanding = z.object({
  name: z.string(),
  raised: z.number(),
  donors: z.number(),
  teams: z.number(),
});
export type GroupStanding = z.output<typeof groupStanding>;

export const teamPageParams = z.object({
  slug: z.string().check(z.maxLength(100)),
  team: z.string().check(z.maxLength(100)),
});
