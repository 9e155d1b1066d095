import type { FastifyInstance } from 'fastify';
import { teamListMessages } from '~/shared/schemas/campaign-team-list';
import { AppError } from '~/server/errors';
import { giftLinkPageData } from '~/server/lib/link-page';
import { pageRedirect, type PageDataContext } from '~/server/ssr/page-data';
import { teamListClosesAt, teamListPath, TEAM_LIST_PURPOSE } from './team-list-link';
import { slugsOfCampaignPath } from './campaign-paths';
import { readTeamList } from './team-list';
import { teamWithCampaign } from './team-with-campaign';

/** The slugs of `/campaign/<slug>/team/<team>/list`: the team page's, less `/list`. */
const listSuffix = /\/list\/?$/;
const slugsOf = (url: URL) =>
  listSuffix.test(url.pathname) ? slugsOfCampaignPath(url.pathname.replace(listSuffix, '')) : null;

/**
 * What /campaign/:slug/team/:team/list?token=… is rendered with: the list the token names, or why
 * it shows none in plain words (a forged or expired link 400, a team no longer open 404). The
 * token, not the address, says whose list it is: a team whose address the office changed since
 * the mail is sent on to its address now. The page holds a token: hidden (ADR 034).
 */
export async function loadCampaignTeamListPageData(
  app: FastifyInstance,
  url: URL,
  { reply }: PageDataContext,
) {
  reply.header('cache-control', 'no-store');
  return giftLinkPageData(url, reply, async (token) => {
    const now = app.clock();
    const check = app.linkSigner.verify(TEAM_LIST_PURPOSE, token, now);
    if (!check.ok) {
      throw check.reason === 'expired'
        ? new AppError('link_expired', teamListMessages.expired)
        : new AppError('bad_request', teamListMessages.invalid);
    }
    const { db } = app.database;
    const found = await teamWithCampaign(db, check.subject);
    if (!found || found.team.status !== 'approved' || found.campaign.status !== 'published') {
      throw new AppError('not_found', teamListMessages.closed);
    }
    // The campaign's dates may have moved since the link was signed: the list closes with them.
    if (now >= teamListClosesAt(found.campaign)) {
      throw new AppError('link_expired', teamListMessages.expired);
    }
    const slugs = slugsOf(url);
    if (slugs?.campaign !== found.campaign.slug || slugs.team !== found.team.slug) {
      return pageRedirect(`${teamListPath(found)}?token=${encodeURIComponent(token)}`);
    }
    return readTeamList(db, found.campaign, found.team, app.siteConfig.timeZone);
  });
}
