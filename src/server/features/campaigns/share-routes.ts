import type { FastifyPluginAsync } from 'fastify';
import { thermometerFigures } from '~/client/features/campaign/lib/thermometer-figures';
import type { CampaignSnapshot } from '~/shared/schemas/campaigns';
import { matchesETag } from '~/server/public-cache/send-answer';
import { campaignSnapshotsOf } from './snapshots-of';
import { createShareImageCache } from './share-image-cache';
import { renderShareImage, type ShareImageFigures } from './share-image';

/** Images kept per instance: a few campaigns' latest versions. */
const KEPT_IMAGES = 32;
/**
 * How long a browser or proxy keeps the image: short, since the total moves; link previews
 * fetch the page's `?v=` address, new with each version.
 */
const MAX_AGE_SECONDS = 60;

/** What the share image shows of a campaign: its total against the bar's target, as the page. */
export function shareFiguresOf(
  campaign: CampaignSnapshot,
  site: { product: string; host: string },
): ShareImageFigures {
  const { total, target } = thermometerFigures(campaign);
  return {
    title: campaign.title,
    raisedCents: Math.round(total * 100),
    goalCents: Math.round(target * 100),
    donors: campaign.donors,
    subtitle: campaign.fund ?? site.product,
    footer: site.host,
  };
}

/**
 * `GET /campaign/:slug/share.png`: the link preview's image, the campaign's title, thermometer
 * and total as of its snapshot, drawn once per snapshot version on this instance. A draft or
 * unknown campaign is a 404, as its page is.
 */
export const campaignShareRoutes: FastifyPluginAsync = async (app) => {
  const images = createShareImageCache(KEPT_IMAGES);
  const site = { product: app.siteConfig.product, host: new URL(app.env.PUBLIC_URL).host };

  app.get<{ Params: { slug: string } }>('/campaign/:slug/share.png', async (request, reply) => {
    const slug = request.params.slug;
    const kept = slug.length <= 100 ? await (await campaignSnapshotsOf(app)).read(slug) : null;
    if (!kept) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send('There is no such campaign.');
    }
    const etag = `"${kept.campaign.id.slice(0, 8)}-${kept.version}-share"`;
    reply
      .header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`)
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff');
    if (matchesETag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    const png = await images.get(`${slug}\n${kept.version}`, () =>
      renderShareImage(shareFiguresOf(kept.snapshot, site)),
    );
    return reply.type('image/png').send(png);
  });
};
