import type { DedicationKind } from '~/shared/domain';

/**
 * The campaign's snapshot as the page reads it (`GET /api/campaigns/:slug` and each message of its
 * event stream). Money is in dollars, as the donate and campaign APIs take and give it; instants
 * are ISO 8601 strings.
 */
export interface CampaignView {
  slug: string;
  title: string;
  /** Grows by one with each rebuild: the page never goes back to an older snapshot. */
  version: number;
  /** `open`: after the end, in the "still open" period that keeps taking gifts. */
  state: CampaignState;
  goal: number;
  /** The donors' money received (pending gifts not included). */
  raised: number;
  /** The matchers' money earned by what was received. */
  matched: number;
  /** Gifts started but not received yet (an OJC charge, an uncleared cheque): never matched. */
  pending: number;
  donors: number;
  startsAt: string;
  /** The end, later by the paused time when the campaign pauses for Shabbat. */
  endsAt: string;
  /** When a paused campaign takes gifts again; null unless paused. */
  resumesAt: string | null;
  /** The end of the "still open" period, or null when there is none. */
  openUntil: string | null;
  /** Amounts the total aims for once the goal is passed, published from the start. */
  bonusGoals: number[];
  /** How many payments of a monthly gift count toward the goal. */
  recurringMonths: number;
  /** The office's words, with the site content's **bold** mark; paragraphs split by a blank line. */
  story: string;
  /** In the order their matching is used. */
  matchers: CampaignMatcher[];
  /** The latest gifts, newest first, each as its donor chose to be shown. */
  wall: WallEntry[];
}

export const campaignStates = ['before', 'live', 'paused', 'open', 'ended'] as const;
export type CampaignState = (typeof campaignStates)[number];

export interface CampaignMatcher {
  name: string;
  /** What a dollar given earns: 1 doubles a gift, 2 triples it. */
  ratio: number;
  cap: number;
  used: number;
}

export interface WallEntry {
  id: string;
  /** A full name, a name, initials or "Anonymous": what the donor chose to show. */
  name: string;
  /** Null when the donor hid the amount. */
  amount: number | null;
  dedication: { kind: DedicationKind; name: string } | null;
  /**
   * A monthly gift: its monthly amount and how many months count ("$36 × 12"); the amount is
   * null too when the donor hid it.
   */
  monthly: { amount: number | null; months: number } | null;
  /** Why the gift's match was taken back, or null while it stands. */
  released: MatchRelease | null;
  at: string;
}

export const matchReleases = ['refunded', 'disputed', 'cancelled'] as const;
export type MatchRelease = (typeof matchReleases)[number];
