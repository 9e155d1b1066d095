import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { campaignTeams, campaigns, donations, type CampaignRow } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { teamListMessages, type TeamListData } from '~/shared/schemas/campaign-team-list';
import { isoDateIn } from '~/shared/schedule';
import { AppError } from '~/server/errors';
import { giftLinkPageData } from '~/server/lib/link-page';
import { pageRedirect, type PageDataContext } from '~/server/ssr/page-data';
import { leaderGiftView } from './leader-gift-view';
import { leaderOptOuts } from './leader-opt-outs';
import { teamListClosesAt, teamListPath, TEAM_LIST_PURPOSE } from './team-list-link';
import { teamFigures } from './team-standings';
import { endedPlans, received } from './wall';

/** How many of the latest gifts the list carries; a team's circle rarely gives more. */
export const TEAM_LIST_SIZE = 200;

const dollars = (cents: number) => cents / 100;

/**
 * The leader's list of an approved team: its received gifts, newest first, as the leader's notes
 * show them (leader-gift-view.ts); the team's total and donors as the team page counts them; and
 * the campaign's donors who asked not to be asked again, by the name the wall shows them by (never
 * an address: two alike stay two, for the leader to know there are two), the others counted
 * (leader-opt-outs.ts).
 */
export async function readTeamList(
  db: DatabaseExecutor,
  campaign: CampaignRow,
  team: { id: string; slug: string; name: string },
  timeZone: string,
): Promise<TeamListData> {
  const ofTeam = and(
    eq(donations.campaignId, campaign.id),
    eq(donations.teamId, team.id),
    received,
  );
  const rows = await db
    .select()
    .from(donations)
    .where(ofTeam)
    .orderBy(desc(donations.donatedAt), desc(donations.createdAt))
    .limit(TEAM_LIST_SIZE);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(donations)
    .where(ofTeam);
  const figures = (await teamFigures(db, campaign, await endedPlans(db, campaign.id))).find(
    (f) => f.row.id === team.id,
  );
  const optedOut = await leaderOptOuts(db, campaign.id);
  const closesAt = teamListClosesAt(campaign);
  return {
    campaign: { slug: campaign.slug, title: campaign.title },
    team: {
      slug: team.slug,
      name: team.name,
      raised: dollars(figures?.raisedCents ?? 0),
      donors: figures?.donors ?? 0,
    },
    showsAmounts: campaign.ambassadorMailShowsAmount,
    gifts: rows.map((gift) => {
      const shown = leaderGiftView(gift, campaign);
      return {
        name: shown.name,
        amount: shown.amountCents === null ? null : dollars(shown.amountCents),
        monthly: shown.monthly,
        at: (gift.donatedAt ?? gift.createdAt).toISOString(),
      };
    }),
    earlier: Math.max(0, Number(count?.n ?? 0) - rows.length),
    optedOut: optedOut.names,
    optedOutUnnamed: optedOut.unnamed,
    openUntil: isoDateIn(new Date(closesAt.getTime() - 1), timeZone),
  };
}

/** The slugs of `/campaign/<slug>/team/<team>/list`. */
function slugsOf(url: URL): { campaign: string; team: string } | null {
  const match = /^\/campaign\/([^/]+)\/team\/([^/]+)\/list\/?$/.exec(url.pathname);
  if (!match) return null;
  try {
    return { campaign: decodeURIComponent(match[1]!), team: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}

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
    const [found] = await db
      .select({ team: campaignTeams, campaign: campaigns })
      .from(campaignTeams)
      .innerJoin(campaigns, eq(campaigns.id, campaignTeams.campaignId))
      .where(eq(campaignTeams.id, check.subject));
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
