import { urlOf } from '~/shared/route';
import { campaignsApi } from '~/shared/api/campaigns';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from './share-image';

/** The longest slug a campaign or a team can have (the contracts' limit). */
const SLUG_MAX = 100;

/**
 * The slugs of a campaign's page address, `/campaign/<slug>` (team null) or
 * `/campaign/<slug>/team/<team>`, decoded; null for any other address or a slug no campaign or
 * team can have.
 */
export function slugsOfCampaignPath(
  path: string,
): { campaign: string; team: string | null } | null {
  const match = /^\/campaign\/([^/]+)(?:\/team\/([^/]+))?\/?$/.exec(path);
  if (!match) return null;
  try {
    const campaign = decodeURIComponent(match[1]!);
    const team = match[2] === undefined ? null : decodeURIComponent(match[2]);
    return campaign.length <= SLUG_MAX && (team ?? '').length <= SLUG_MAX
      ? { campaign, team }
      : null;
  } catch {
    return null;
  }
}

/**
 * A page's link preview image: the share image of a campaign, or of one of its teams, as of a
 * snapshot version. Its address names the version, so WhatsApp and Facebook, which keep an image
 * by its address, fetch it again once the total has moved.
 */
export function sharePreviewImage(
  version: number,
  slugs: { campaign: string; team?: string },
  alt: string,
) {
  const query = { v: version };
  return {
    src:
      slugs.team === undefined
        ? urlOf(campaignsApi.shareImage, { params: { slug: slugs.campaign }, query })
        : urlOf(campaignsApi.teamShareImage, {
            params: { slug: slugs.campaign, team: slugs.team },
            query,
          }),
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    alt,
  };
}
