import type { CampaignRow, CampaignTeamRow } from '~/db/schema';
import { TEAM_LIST_GRACE_DAYS } from '~/shared/schemas/campaign-team-list';
import { teamPagePath as pathOfTeam } from '~/shared/campaign-share';
import { signedUrlUntil, type SignedLinks } from '~/server/lib/signed-link';

/** The signed-link purpose of a team leader's list: no other link opens it. */
export const TEAM_LIST_PURPOSE = 'campaign-team-list';

const DAY_MS = 86_400_000;

/**
 * When a team's list stops opening: a month after the campaign closes (its "open until", or its
 * end), time enough to thank everyone; after it, no link hands out the donors' names.
 */
export function teamListClosesAt(campaign: Pick<CampaignRow, 'endsAt' | 'openUntil'>): Date {
  const closes = campaign.openUntil ?? campaign.endsAt;
  return new Date(closes.getTime() + TEAM_LIST_GRACE_DAYS * DAY_MS);
}

type Slugs = { campaign: Pick<CampaignRow, 'slug'>; team: Pick<CampaignTeamRow, 'slug'> };

/** `/campaign/<slug>/team/<team>`: the team's public page, whose gift form credits the team. */
export const teamPagePath = ({ campaign, team }: Slugs) => pathOfTeam(campaign.slug, team.slug);

/** `/campaign/<slug>/team/<team>/list`: the leader's list (its token says whose). */
export const teamListPath = (slugs: Slugs) => `${teamPagePath(slugs)}/list`;

/**
 * The leader's list link, `…/list?token=…`: signed for the team, until the list closes. Not
 * single-use: the leader opens it again and again, and opening it only reads.
 */
export function teamListUrl(
  links: SignedLinks,
  campaign: Pick<CampaignRow, 'slug' | 'endsAt' | 'openUntil'>,
  team: Pick<CampaignTeamRow, 'id' | 'slug'>,
): string {
  return signedUrlUntil(
    links,
    { purpose: TEAM_LIST_PURPOSE, subject: team.id, path: teamListPath({ campaign, team }) },
    teamListClosesAt(campaign),
  );
}
