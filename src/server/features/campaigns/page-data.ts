import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { campaigns, type CampaignRow } from '~/db/schema';
import { thermometerFigures } from '~/shared/thermometer-figures';
import { defaultShareText } from '~/shared/campaign-share';
import { formatMoney } from '~/shared/money';
import type { CampaignPageData, CampaignSnapshot } from '~/shared/schemas/campaigns';
import { placeOf } from '~/server/lib/campaign-times';
import { offeredCheckoutMethods } from '~/server/lib/checkout-methods';
import { requireAdmin } from '~/server/plugins/admin-guard';
import { pageNotFound, withPageHead, type PageDataContext } from '~/server/ssr/page-data';
import { campaignSnapshotsOf } from './snapshots-of';
import { buildSnapshot } from './snapshot';
import { sharePreviewImage } from './campaign-paths';

/** The slug of `/campaign/<slug>`, or null for any other shape of address. */
function slugOf(url: URL): string | null {
  const match = /^\/campaign\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** The story's first paragraph without its bold marks, short enough for a link's preview. */
function descriptionOf(story: string, title: string) {
  const first = story
    .split(/\n\s*\n/)[0]
    ?.replace(/\*\*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!first) return `Give to ${title}, and see the thermometer rise.`;
  return first.length <= 160 ? first : `${first.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}

/**
 * What /campaign/:slug is rendered with: the campaign's snapshot (the one the API serves), the
 * time it was rendered at, and the methods a gift can be paid with. A draft or unknown campaign
 * is the 404 page, except in the office's preview (`?preview=draft`, signed in).
 */
export async function loadCampaignPageData(
  app: FastifyInstance,
  url: URL,
  context?: PageDataContext,
) {
  const slug = slugOf(url);
  if (!slug || slug.length > 100) return pageNotFound();
  const preview =
    url.searchParams.get('preview') === 'draft' && context
      ? await previewSnapshot(app, slug, context)
      : null;
  const kept = preview ?? (await (await campaignSnapshotsOf(app)).read(slug));
  if (!kept) return pageNotFound();
  const { snapshot: campaign, campaign: row } = kept;
  const pageUrl = `${app.env.PUBLIC_URL}/campaign/${encodeURIComponent(campaign.slug)}`;
  const data: CampaignPageData = {
    campaign,
    renderedAt: app.clock().toISOString(),
    methods: offeredCheckoutMethods(app.env, 'onetime'),
    share: { text: row.shareText ?? defaultShareText(campaign.title), pageUrl },
  };
  return withPageHead(data, {
    title: campaign.title,
    description: descriptionOf(campaign.story, campaign.title),
    image: shareImageOf(campaign),
  });
}

/** The link preview's image: the share image with the total (the photo stays on the page). */
function shareImageOf(campaign: CampaignSnapshot) {
  const { total, target } = thermometerFigures(campaign);
  return sharePreviewImage(
    campaign.version,
    { campaign: campaign.slug },
    `${campaign.title}: ${formatMoney(total * 100, 'usd', { whole: true })} raised of ${formatMoney(target * 100, 'usd', { whole: true })}`,
  );
}

/**
 * The office's preview of a campaign, draft or published, built from the database for this one
 * request: for a signed-in administrator only (anyone else gets the public page, so a draft is
 * the 404 page), never stored and kept out of search engines.
 */
async function previewSnapshot(
  app: FastifyInstance,
  slug: string,
  { request, reply }: PageDataContext,
): Promise<{ campaign: CampaignRow; snapshot: CampaignSnapshot } | null> {
  try {
    await requireAdmin(request, reply);
  } catch {
    return null;
  }
  reply.header('cache-control', 'no-store');
  reply.header('x-robots-tag', 'noindex, nofollow');
  const [row] = await app.database.db.select().from(campaigns).where(eq(campaigns.slug, slug));
  if (!row) return null;
  const snapshot = await buildSnapshot(app.database.db, row, app.clock(), placeOf(app.siteConfig));
  return { campaign: row, snapshot };
}
