import type { FastifyInstance } from 'fastify';
import type { CampaignPageData } from '~/shared/schemas/campaigns';
import { paymentMethods } from '~/server/lib/payment-methods';
import { pageNotFound, withPageHead } from '~/server/ssr/page-data';
import { campaignSnapshotsOf } from './public-routes';

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
 * is the 404 page.
 */
export async function loadCampaignPageData(app: FastifyInstance, url: URL) {
  const slug = slugOf(url);
  const kept =
    slug && slug.length <= 100 ? await (await campaignSnapshotsOf(app)).read(slug) : null;
  if (!kept) return pageNotFound();
  const campaign = kept.snapshot;
  const data: CampaignPageData = {
    campaign,
    renderedAt: app.clock().toISOString(),
    methods: paymentMethods(app.env, 'onetime'),
  };
  return withPageHead(data, {
    title: campaign.title,
    description: descriptionOf(campaign.story, campaign.title),
  });
}
