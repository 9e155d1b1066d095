import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { campaignTeams } from '~/db/schema';
import type { CampaignTeamPageData, CampaignTeamView } from '~/shared/schemas/campaigns';
import { offeredCheckoutMethods } from '~/server/lib/checkout-methods';
import { teamPagePath, teamShareText } from '~/shared/campaign-share';
import { formatMoney } from '~/shared/money';
import { pageNotFound, withPageHead } from '~/server/ssr/page-data';
import { createBuildCache, type BuildCache } from './build-cache';
import { campaignSnapshotsOf } from './snapshots-of';
import { storedPhoto } from './stored-photo';
import { buildWall, endedPlans } from './wall';
import { sharePreviewImage, slugsOfCampaignPath } from './campaign-paths';

/** How many teams' walls are kept in memory; the least recently read goes first. */
const KEPT_WALLS = 500;

/**
 * Keyed by the instance's notifications, which every plugin context of one app shares (the page
 * and the API each have a context of their own: keyed by it, each would build its own walls).
 */
const walls = new WeakMap<FastifyInstance['notifications'], BuildCache<CampaignTeamView | null>>();

/**
 * An approved team's standing (from the campaign's snapshot, in memory) and its wall, built
 * once per snapshot version and kept: a team page read a thousand times between two gifts asks
 * the database once, and the pages that ask while it is built (every open page of the team
 * after a gift) share that one build. Null for an unknown, unapproved or unpublished one.
 */
export async function readTeamView(
  app: FastifyInstance,
  campaignSlug: string,
  teamSlug: string,
): Promise<CampaignTeamView | null> {
  const kept = await (await campaignSnapshotsOf(app)).read(campaignSlug);
  const team = kept?.snapshot.teams.find((t) => t.slug === teamSlug);
  if (!kept || !team) return null;
  let cache = walls.get(app.notifications);
  if (!cache) walls.set(app.notifications, (cache = createBuildCache(KEPT_WALLS)));
  return cache.get(`${kept.campaign.id}\n${teamSlug}\n${kept.version}`, async () => {
    const { db } = app.database;
    const [row] = await db
      .select({ id: campaignTeams.id, photoKey: campaignTeams.photoKey })
      .from(campaignTeams)
      .where(and(eq(campaignTeams.campaignId, kept.campaign.id), eq(campaignTeams.slug, teamSlug)));
    if (!row) return null;
    const wall = await buildWall(db, kept.campaign, await endedPlans(db, kept.campaign.id), row.id);
    // The photo comes with the team's own page only: the snapshot's teams go without it.
    return {
      version: kept.version,
      team: { ...team, ...storedPhoto(row.photoKey, team.name) },
      wall,
    };
  });
}

/**
 * What /campaign/:slug/team/:team is rendered with: the campaign's snapshot, the team's standing
 * and wall. An unknown or unapproved team, or a draft campaign, is the 404 page.
 */
export async function loadCampaignTeamPageData(app: FastifyInstance, url: URL) {
  const slugs = slugsOfCampaignPath(url.pathname);
  if (!slugs?.team) return pageNotFound();
  const view = await readTeamView(app, slugs.campaign, slugs.team);
  const kept = view ? await (await campaignSnapshotsOf(app)).read(slugs.campaign) : null;
  if (!view || !kept) return pageNotFound();
  const data: CampaignTeamPageData = {
    campaign: kept.snapshot,
    team: view.team,
    wall: view.wall,
    renderedAt: app.clock().toISOString(),
    methods: offeredCheckoutMethods(app.env, 'onetime'),
    share: {
      text: teamShareText(kept.campaign.shareText, kept.snapshot.title, view.team.name),
      pageUrl: `${app.env.PUBLIC_URL}${teamPagePath(kept.snapshot.slug, view.team.slug)}`,
    },
  };
  return withPageHead(data, {
    title: `${view.team.name}: ${kept.snapshot.title}`,
    description: `Give through ${view.team.name} to ${kept.snapshot.title}, and see the team's thermometer rise.`,
    // The link preview: the team's name and total as of this version (share-routes.ts).
    image: sharePreviewImage(
      kept.version,
      { campaign: kept.snapshot.slug, team: view.team.slug },
      `${view.team.name}: ${formatMoney(view.team.raised * 100, 'usd', { whole: true })} raised for ${kept.snapshot.title}`,
    ),
  });
}
