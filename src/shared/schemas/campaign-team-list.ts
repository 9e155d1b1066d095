/**
 * A team leader's own list (`/campaign/:slug/team/:team/list?token=…`, from the leader's mails):
 * the gifts through the team as each donor chose to be shown, the team's figures, and who asked
 * not to be asked again for the campaign, as the wall names them. Money in dollars.
 */

/** One gift through the team, newest first. */
export interface TeamListGift {
  /** As the donor chose to be shown: a name, initials, or "Anonymous". */
  name: string;
  /** Null unless the office lets leaders see amounts and the donor shows theirs. */
  amount: number | null;
  /** A monthly gift: `amount` is each month's. */
  monthly: boolean;
  /** When it was received (ISO 8601). */
  at: string;
}

export interface TeamListData {
  campaign: { slug: string; title: string };
  team: { slug: string; name: string; raised: number; donors: number };
  /** The office's campaign setting: leaders see amounts (where the donor shows theirs). */
  showsAmounts: boolean;
  gifts: TeamListGift[];
  /** Gifts older than those listed (the list carries the latest ones). */
  earlier: number;
  /**
   * Donors of the campaign who asked not to be asked again, by the name the public wall shows
   * them by (whole, or initials), A to Z.
   */
  optedOut: string[];
  /** How many more asked, who gave without their name on the wall: counted, never named. */
  optedOutUnnamed: number;
  /** The last day the link opens the list (YYYY-MM-DD, the site's time zone). */
  openUntil: string;
}

/** The page as the server renders it: the list, or why the link shows none. */
export type CampaignTeamListPageData = TeamListData | { problem: string };

/** How long after the campaign closes (its end, or its "open until") the leaders' lists open. */
export const TEAM_LIST_GRACE_DAYS = 30;

export const teamListMessages = {
  invalid:
    'This link is not valid. Open your list from the latest email about your team, or write to the office.',
  expired: `This link has expired: a team's list closes ${TEAM_LIST_GRACE_DAYS} days after its campaign ends. The office can tell you more.`,
  closed: 'This team is not open, so it has no list to show. The office can tell you more.',
};
