import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { campaignStatuses, matchReleaseReasons, teamStatuses } from '~/shared/domain';
import { at, oneOf, timestamps } from './columns';
import { donations } from './donations';
import { donors } from './donors';

/**
 * A time-boxed, matched campaign (ADR 054). Money in cents. `version` is bumped in
 * the transaction of every change to what its public snapshot shows (a gift recorded, matched
 * or released, the office's edit), so a snapshot kept in memory knows it is stale.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    story: text('story').notNull().default(''),
    photoKey: text('photo_key'),
    goalCents: integer('goal_cents').notNull(),
    /** Published with the campaign, ascending, each above the goal. */
    bonusGoalsCents: jsonb('bonus_goals_cents').$type<number[]>().notNull().default([]),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    /** Gifts are still taken until then after the end; null when the campaign closes at its end. */
    openUntil: at('open_until'),
    /** How many payments of a monthly gift started in the campaign count toward it. */
    recurringMonths: integer('recurring_months').notNull().default(12),
    pauseForShabbat: boolean('pause_for_shabbat').notNull().default(true),
    /** What the money is for. */
    fund: text('fund'),
    offlineGiftsMatched: boolean('offline_gifts_matched').notNull().default(false),
    /** The https origins whose pages may frame the campaign's thermometer (/campaign/:slug/embed). */
    embedOrigins: jsonb('embed_origins').$type<string[]>().notNull().default([]),
    /** Whether a team leader's mail of a gift through the team says how much (off: who only). */
    ambassadorMailShowsAmount: boolean('ambassador_mail_shows_amount').notNull().default(false),
    /** The words the share buttons send with the link; null: made from the title. */
    shareText: text('share_text'),
    status: text('status', { enum: campaignStatuses }).notNull().default('draft'),
    version: integer('version').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('campaigns_slug_key').on(t.slug),
    check('campaigns_status_check', oneOf(t.status, campaignStatuses)),
    check('campaigns_goal_check', sql`${t.goalCents} > 0`),
    check('campaigns_dates_check', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'campaigns_open_until_check',
      sql`${t.openUntil} is null or ${t.openUntil} > ${t.endsAt}`,
    ),
    check('campaigns_recurring_months_check', sql`${t.recurringMonths} between 1 and 60`),
  ],
);

export type CampaignRow = typeof campaigns.$inferSelect;

/** A campaign's own row (a matcher, a team…): it goes when the campaign goes. */
const campaignIdColumn = () =>
  uuid('campaign_id')
    .notNull()
    .references(() => campaigns.id, { onDelete: 'cascade' });

/**
 * A campaign's matchers, used in `position` order. `ratio_hundredths`: 100 doubles a gift
 * (1:1), 200 triples it; the cap is the most the matcher gives, in cents.
 */
export const campaignMatchers = pgTable(
  'campaign_matchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: campaignIdColumn(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    ratioHundredths: integer('ratio_hundredths').notNull(),
    capCents: integer('cap_cents').notNull(),
  },
  (t) => [
    uniqueIndex('campaign_matchers_position_key').on(t.campaignId, t.position),
    check('campaign_matchers_ratio_check', sql`${t.ratioHundredths} > 0`),
    check('campaign_matchers_cap_check', sql`${t.capCents} > 0`),
  ],
);

export type CampaignMatcherRow = typeof campaignMatchers.$inferSelect;

/**
 * What a matcher gave for one gift, stored when the gift's money was received so a match once
 * shown is never recomputed smaller. `gift_cents` is the part of the gift this matcher matched
 * (a gift that crosses a cap has two rows). Released (never deleted) when its own gift is
 * refunded, disputed or its monthly plan cancelled: the cap it held is free again.
 */
export const campaignMatches = pgTable(
  'campaign_matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donationId: uuid('donation_id')
      .notNull()
      .references(() => donations.id),
    matcherId: uuid('matcher_id')
      .notNull()
      .references(() => campaignMatchers.id),
    giftCents: integer('gift_cents').notNull(),
    cents: integer('cents').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    releasedAt: at('released_at'),
    releaseReason: text('release_reason', { enum: matchReleaseReasons }),
  },
  (t) => [
    index('campaign_matches_donation_idx').on(t.donationId),
    index('campaign_matches_matcher_idx').on(t.matcherId),
    check('campaign_matches_cents_check', sql`${t.cents} > 0 and ${t.giftCents} > 0`),
    check(
      'campaign_matches_release_check',
      sql`(${t.releasedAt} is null) = (${t.releaseReason} is null) and (${t.releaseReason} is null or ${oneOf(t.releaseReason, matchReleaseReasons)})`,
    ),
  ],
);

export type CampaignMatchRow = typeof campaignMatches.$inferSelect;

/**
 * Each donor address the office's thank-you mail of a campaign was queued to, written in the
 * transaction that queues it: a second press, or a press after a crash, mails only those not here.
 */
export const campaignThankYous = pgTable(
  'campaign_thank_yous',
  {
    campaignId: campaignIdColumn(),
    /** Lower-cased. */
    email: text('email').notNull(),
    queuedAt: at('queued_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.email], name: 'campaign_thank_yous_pkey' })],
);

/**
 * A donor who asked, from a campaign gift's receipt, not to be asked again for this campaign:
 * one row per campaign and address (lower-cased), so a second press changes nothing. The team
 * leaders' lists show it; the donor record and the gift whose receipt carried the link are kept
 * for the office, and go to null if those are ever deleted.
 */
export const campaignOptOuts = pgTable(
  'campaign_opt_outs',
  {
    campaignId: campaignIdColumn(),
    /** Lower-cased. */
    email: text('email').notNull(),
    donorId: uuid('donor_id').references(() => donors.id, { onDelete: 'set null' }),
    donationId: uuid('donation_id').references(() => donations.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.email], name: 'campaign_opt_outs_pkey' })],
);

export type CampaignOptOutRow = typeof campaignOptOuts.$inferSelect;

/**
 * A campaign's team (an ambassador's circle): its own page, goal and place on the leaderboard.
 * Public once approved. `(id, campaign_id)` is unique so a gift's `(team_id, campaign_id)` can
 * reference it: the database refuses a gift credited to a team of another campaign.
 */
export const campaignTeams = pgTable(
  'campaign_teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: campaignIdColumn(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    leaderName: text('leader_name').notNull(),
    leaderEmail: text('leader_email').notNull(),
    goalCents: integer('goal_cents'),
    photoKey: text('photo_key'),
    /** The group (a shul, a school) the team sits under, as the office names it; teams of the same name add up. */
    groupName: text('group_name'),
    status: text('status', { enum: teamStatuses }).notNull().default('requested'),
    /** When the leader at `leader_email` was told the team is open; cleared with a new address. */
    leaderWelcomedAt: at('leader_welcomed_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('campaign_teams_slug_key').on(t.campaignId, t.slug),
    uniqueIndex('campaign_teams_id_campaign_key').on(t.id, t.campaignId),
    check('campaign_teams_status_check', oneOf(t.status, teamStatuses)),
    check('campaign_teams_goal_check', sql`${t.goalCents} is null or ${t.goalCents} > 0`),
  ],
);

export type CampaignTeamRow = typeof campaignTeams.$inferSelect;
