import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { thermometerFigures } from '~/shared/thermometer-figures';
import type { CampaignSnapshot } from '~/shared/schemas/campaigns';
import { matchesETag } from '~/server/public-cache/send-answer';
import { at } from '~/server/lib/route-at';
import { campaignsApi } from '~/shared/api/campaigns';
import { campaignSnapshotsOf } from './snapshots-of';
import { createBuildCache } from './build-cache';
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

/** A team's share image: the team's name and total over the campaign's title, its own goal. */
export function teamShareFiguresOf(
  campaign: CampaignSnapshot,
  team: CampaignSnapshot['teams'][number],
  site: { host: string },
): ShareImageFigures {
  return {
    title: team.name,
    raisedCents: Math.round(team.raised * 100),
    goalCents: Math.round((team.goal ?? 0) * 100),
    donors: team.donors,
    subtitle: campaign.title,
    footer: site.host,
  };
}

/**
 * `GET /campaign/:slug/share.png`: the link preview's image, the campaign's title, thermometer
 * and total as of its snapshot, drawn once per snapshot version on this instance. A draft or
 * unknown campaign is a 404, as its page is.
 */
export const campaignShareRoutes: FastifyPluginAsync = async (app) => {
  const images = createBuildCache<Buffer>(KEPT_IMAGES);
  const site = { product: app.siteConfig.product, host: new URL(app.env.PUBLIC_URL).host };

  const notFound = (reply: FastifyReply, what: string) =>
    reply
      .status(404)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(`There is no such ${what}.`);

  /** The image of one snapshot version, drawn once per key; a 304 when the browser has it. */
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    etag: string,
    figures: () => ShareImageFigures,
  ) {
    reply
      .header('cache-control', `public, max-age=${MAX_AGE_SECONDS}`)
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff');
    if (matchesETag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    const png = await images.get(key, () => renderShareImage(figures()));
    return reply.type('image/png').send(png);
  }

  const read = async (slug: string) =>
    slug.length <= 100 ? (await campaignSnapshotsOf(app)).read(slug) : null;

  app.route<{ Params: { slug: string } }>({
    ...at(app, campaignsApi.shareImage),
    handler: async (request, reply) => {
      const slug = request.params.slug;
      const kept = await read(slug);
      if (!kept) return notFound(reply, 'campaign');
      const etag = `"${kept.campaign.id.slice(0, 8)}-${kept.version}-share"`;
      return send(request, reply, `${slug}\n${kept.version}`, etag, () =>
        shareFiguresOf(kept.snapshot, site),
      );
    },
  });

  app.route<{ Params: { slug: string; team: string } }>({
    ...at(app, campaignsApi.teamShareImage),
    handler: async (request, reply) => {
      const { slug, team: teamSlug } = request.params;
      const kept = await read(slug);
      // The snapshot lists approved teams only: a requested or declined one has no image.
      const team = kept?.snapshot.teams.find((t) => t.slug === teamSlug);
      if (!kept || !team) return notFound(reply, 'team');
      const etag = `"${kept.campaign.id.slice(0, 8)}-${kept.version}-team-${team.slug}"`;
      return send(request, reply, `${slug}\n${team.slug}\n${kept.version}`, etag, () =>
        teamShareFiguresOf(kept.snapshot, team, site),
      );
    },
  });
};
