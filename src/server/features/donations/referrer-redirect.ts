import type { FastifyRequest } from 'fastify';
import { parseCheckoutChoice } from '~/shared/checkout-link';
import { referrerOfQuery, setReferrerQuery } from '~/shared/gift-referrer';
import { slugsOfCampaignPath } from '~/server/features/campaigns';

/**
 * The checkout's address with the campaign page's `utm_*` added, when the gift form was sent
 * without JavaScript: a GET form cannot carry the page's own query, and the campaign page is one
 * rendering for all links (ADR 029), so the `utm_*` come from the Referer (the site's
 * `strict-origin-when-cross-origin` sends the full address to its own pages). With JavaScript the
 * form adds them itself and there is nothing to do. Null when the checkout has them already, or
 * the visitor did not come with some from this campaign's page or one of its teams' pages.
 */
export function referrerRedirect(request: FastifyRequest): string | null {
  const url = new URL(request.url, 'http://localhost');
  const choice = parseCheckoutChoice(url.searchParams);
  if (!choice?.campaign || choice.referrer) return null;
  const from = refererOf(request);
  if (!from || slugsOfCampaignPath(from.pathname)?.campaign !== choice.campaign) return null;
  const referrer = referrerOfQuery(from.searchParams);
  if (!referrer) return null;
  setReferrerQuery(url.searchParams, referrer);
  return `${url.pathname}?${url.searchParams.toString()}`;
}

/** The Referer as an address of this site, or null (absent, unreadable or another site's). */
function refererOf(request: FastifyRequest): URL | null {
  const header = request.headers.referer;
  if (!header) return null;
  try {
    const from = new URL(header);
    // Read as an address of the same scheme, so a default port written or not compares equal.
    const site = new URL(`${from.protocol}//${request.host}`);
    return from.host === site.host ? from : null;
  } catch {
    return null;
  }
}
