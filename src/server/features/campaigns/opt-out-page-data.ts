import type { FastifyInstance } from 'fastify';
import {
  campaignOptOutInput,
  campaignOptOutMessages,
  type CampaignOptOutPageData,
} from '~/shared/schemas/campaign-opt-out';
import { giftLinkPageData } from '~/server/lib/link-page';
import { assertLinkPostedHere } from '~/server/lib/link-session-cookie';
import type { PageDataContext } from '~/server/ssr/page-data';
import type { PageForm } from '~/server/ssr/page-forms';
import { contextOf, giftOfLink, isDonorOptedOut, recordCampaignOptOut } from './opt-out';

/**
 * /donate/opt-out?token=… as the server renders it, so it reads without JavaScript: the campaign
 * the link names and whether the wish is already recorded, or why the link shows nothing (a 4xx
 * page in plain words). Opening the page records nothing (mail scanners open every link); only
 * its button does. The address holds the token: a hidden-token page (ADR 034).
 */
export async function loadCampaignOptOutPageData(
  app: FastifyInstance,
  url: URL,
  { reply }: PageDataContext,
): Promise<CampaignOptOutPageData> {
  return giftLinkPageData(url, reply, async (token) => {
    const ctx = contextOf(app);
    const gift = await giftOfLink(ctx, token);
    return {
      campaignTitle: gift.campaignTitle,
      optedOut: await isDonorOptedOut(ctx.db, gift.campaignId, gift.email),
    };
  });
}

/** The page's button, with or without JavaScript: records, then back to the page saying so. */
export function campaignOptOutForm(app: FastifyInstance): PageForm<{ token: string }> {
  return {
    schema: campaignOptOutInput,
    sentMessage: campaignOptOutMessages.recorded,
    async submit({ token }, { request }) {
      assertLinkPostedHere(request);
      await recordCampaignOptOut(contextOf(app), token, request.ip);
      return { query: { token, sent: 'campaign-opt-out' } };
    },
  };
}
