import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { portalSessionInput, type ManageGiftPageData } from '~/shared/schemas/manage-gift';
import { giftLinkPageData } from '~/server/lib/link-page';
import { assertLinkPostedHere } from '~/server/lib/link-session-cookie';
import type { PageDataContext } from '~/server/ssr/page-data';
import type { PageForm } from '~/server/ssr/page-forms';
import { donationContextOf, type DonationContext } from './context';
import { readManagedGift } from './find-managed-gift';
import { openPortalSession } from './open-portal-session';

/**
 * /donate/manage?token=… as the server renders it, so it reads without JavaScript (ADR 038): the
 * gift the receipt's link names, from the same code as `GET /api/stripe/manage`, or why the link
 * shows nothing (a 4xx page). The address holds the token: a hidden-token page (ADR 034).
 */
export async function loadManageGiftPageData(
  app: FastifyInstance,
  url: URL,
  { request, reply }: PageDataContext,
): Promise<ManageGiftPageData> {
  return giftLinkPageData(url, reply, async (token) => ({
    gift: await readManagedGift(donationContextOf(app, request.log), token),
  }));
}

/**
 * The manage page's button, with or without JavaScript (a plain form posted to the page): opens
 * Stripe's customer portal through the same code as `POST /api/stripe/portal-session` and sends
 * the donor there (303). The session is made only on this post, never by a mail scanner opening
 * the link. Refused, the page shows the gift again and says nothing was changed.
 */
export function giftPortalForm(
  contextFor: (log: FastifyBaseLogger) => DonationContext,
): PageForm<{ token: string }> {
  return {
    schema: portalSessionInput,
    sentMessage: '',
    async submit({ token }, { request, log }) {
      assertLinkPostedHere(request);
      const { url } = await openPortalSession(contextFor(log), token);
      return { location: url };
    },
  };
}
