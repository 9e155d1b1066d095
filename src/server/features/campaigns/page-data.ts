import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { campaigns } from '~/db/schema';
import type { CampaignPageData, CampaignSnapshot } from '~/shared/schemas/campaigns';
import type { ContentImage } from '~/shared/schemas/site-content';
import { placeOf } from '~/server/lib/campaign-times';
import { paymentMethods } from '~/server/lib/payment-methods';
import { requireAdmin } from '~/server/plugins/admin-guard';
import { pageNotFound, withPageHead, type PageDataContext } from '~/server/ssr/page-data';
import { campaignSnapshotsOf } from './snapshots-of';
import { buildSnapshot } from './snapshot';

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

/**
 * The photo a link preview shows: the widest JPEG or PNG size no wider than 1600 pixels (what
 * link previews fetch and show well), with its own height, read from the photo's srcset.
 */
function previewImageOf(photo: ContentImage) {
  const sizes = (photo.srcset ?? '')
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .map(([src, w]) => ({ src: src!, width: Number.parseInt(w ?? '', 10) }))
    .filter((size) => size.src && Number.isFinite(size.width));
  const fitting = sizes.filter((size) => size.width <= 1600);
  const chosen = fitting.at(-1) ?? sizes[0];
  if (!chosen) return { src: photo.src, width: photo.width, height: photo.height, alt: photo.alt };
  const height = Math.round((photo.height * chosen.width) / photo.width);
  return { src: chosen.src, width: chosen.width, height, alt: photo.alt };
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
  const campaign = preview ?? (await (await campaignSnapshotsOf(app)).read(slug))?.snapshot;
  if (!campaign) return pageNotFound();
  const data: CampaignPageData = {
    campaign,
    renderedAt: app.clock().toISOString(),
    methods: paymentMethods(app.env, 'onetime'),
  };
  return withPageHead(data, {
    title: campaign.title,
    description: descriptionOf(campaign.story, campaign.title),
    ...(campaign.photo ? { image: previewImageOf(campaign.photo) } : {}),
  });
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
): Promise<CampaignSnapshot | null> {
  try {
    await requireAdmin(request, reply);
  } catch {
    return null;
  }
  reply.header('cache-control', 'no-store');
  reply.header('x-robots-tag', 'noindex, nofollow');
  const [row] = await app.database.db.select().from(campaigns).where(eq(campaigns.slug, slug));
  if (!row) return null;
  return buildSnapshot(app.database.db, row, app.clock(), placeOf(app.siteConfig));
}
