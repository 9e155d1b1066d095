import type { FastifyInstance } from 'fastify';
import { ojcGiftTokenInput, type OjcGiftPageData } from '~/shared/schemas/ojc';
import { AppError } from '~/server/errors';
import { giftLinkPageData } from '~/server/lib/link-page';
import { assertLinkPostedHere } from '~/server/lib/link-session-cookie';
import type { PageDataContext } from '~/server/ssr/page-data';
import type { PageForm } from '~/server/ssr/page-forms';
import { cancelOjcGift, findOjcGift, type GiftLinkContext } from './manage-ojc-gift';
import { serializeOjcGift } from './serialize-ojc';

const giftLinks = (app: FastifyInstance): GiftLinkContext => ({
  db: app.database.db,
  linkSigner: app.linkSigner,
  clock: app.clock,
  log: app.log,
});

/**
 * /donate/cancel?token=… as the server renders it, so it reads without JavaScript: the gift the
 * receipt's link names, from the same code as `GET /api/ojc/subscriptions/manage`, or why the
 * link shows nothing (a 4xx page). The address holds the token: a hidden-token page (ADR 034).
 * Opening the page changes nothing; only the form's post cancels.
 */
export async function loadOjcGiftPageData(
  app: FastifyInstance,
  url: URL,
  { reply }: PageDataContext,
): Promise<OjcGiftPageData> {
  return giftLinkPageData(url, reply, async (token) => ({
    gift: serializeOjcGift(await findOjcGift(giftLinks(app), token)),
  }));
}

export const giftCancelMessages = {
  sent: 'Your monthly gift is cancelled. No further charges will be made. Thank you for your support.',
  already:
    'This monthly gift had already ended, so nothing was changed. No further charges will be made.',
};

/**
 * The cancel page's button, with or without JavaScript (a plain form posted to the page, ADR
 * 038): cancels through the same code as `POST /api/ojc/subscriptions/cancel`, then back to the
 * page (303: a reload posts nothing) saying so. A gift already ended is left as it is, and the
 * page says nothing was changed. The page forms' own rate limit applies, as the API's does.
 */
export function giftCancelForm(app: FastifyInstance): PageForm<{ token: string }> {
  return {
    schema: ojcGiftTokenInput,
    sentMessage: giftCancelMessages.sent,
    async submit({ token }, { request, log }) {
      assertLinkPostedHere(request);
      const ctx = { ...giftLinks(app), log };
      const before = await findOjcGift(ctx, token);
      if (before.status !== 'active') throw new AppError('conflict', giftCancelMessages.already);
      await cancelOjcGift(ctx, token);
      return { query: { token, sent: 'gift-cancel' } };
    },
  };
}
