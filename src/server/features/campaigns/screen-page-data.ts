import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { campaigns } from '~/db/schema';
import type { CampaignScreenData } from '~/shared/schemas/campaigns';
import { servedOverHttps } from '~/server/env';
import { framableBy, sitePageCsp } from '~/server/plugins/security-headers';
import { pageNotFound, withPageHead, type PageDataContext } from '~/server/ssr/page-data';
import { campaignSnapshotsOf } from './snapshots-of';

/** The slug of `/campaign/<slug>/<view>`, or null for any other shape of address. */
function slugOf(url: URL, view: 'screen' | 'embed'): string | null {
  const match = new RegExp(`^/campaign/([^/]+)/${view}/?$`).exec(url.pathname);
  if (!match) return null;
  try {
    const slug = decodeURIComponent(match[1]!);
    return slug.length <= 100 ? slug : null;
  } catch {
    return null;
  }
}

async function screenDataOf(app: FastifyInstance, slug: string | null) {
  const kept = slug ? await (await campaignSnapshotsOf(app)).read(slug) : null;
  if (!kept) return null;
  const campaign = kept.snapshot;
  const data: CampaignScreenData = {
    campaign,
    renderedAt: app.clock().toISOString(),
    pageUrl: `${app.env.PUBLIC_URL}/campaign/${encodeURIComponent(campaign.slug)}`,
  };
  return data;
}

/**
 * `/campaign/:slug/screen`, the campaign on a projector: the same snapshot the campaign page is
 * rendered with. A draft or unknown campaign is the 404 page.
 */
export async function loadCampaignScreenData(app: FastifyInstance, url: URL) {
  const data = await screenDataOf(app, slugOf(url, 'screen'));
  if (!data) return pageNotFound();
  return withPageHead(data, { title: `${data.campaign.title}: on screen` });
}

/** The sites the office lets frame a published campaign's thermometer. */
async function embedOriginsOf(app: FastifyInstance, slug: string): Promise<string[]> {
  const [row] = await app.database.db
    .select({ embedOrigins: campaigns.embedOrigins })
    .from(campaigns)
    .where(and(eq(campaigns.slug, slug), eq(campaigns.status, 'published')));
  return row?.embedOrigins ?? [];
}

/**
 * `/campaign/:slug/embed`, the thermometer other sites frame: framable by exactly the origins the
 * office listed for the campaign (CSP frame-ancestors; X-Frame-Options, which cannot list
 * them, only when there are none). It reads no cookie and sets none: the same answer for every visitor of every site.
 */
export async function loadCampaignEmbedData(
  app: FastifyInstance,
  url: URL,
  { reply }: PageDataContext,
) {
  const data = await screenDataOf(app, slugOf(url, 'embed'));
  if (!data) return pageNotFound();
  const origins = await embedOriginsOf(app, data.campaign.slug);
  reply.header(
    'content-security-policy',
    framableBy(sitePageCsp(servedOverHttps(app.env)), origins),
  );
  if (origins.length > 0) reply.removeHeader('x-frame-options');
  return withPageHead(data, { title: data.campaign.title });
}
