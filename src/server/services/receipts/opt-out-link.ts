import { signedUrl, type SignedLinks } from '~/server/lib/signed-link';

/** The signed-link purpose of "Don't ask me again for this campaign": no other link opens it. */
export const CAMPAIGN_OPT_OUT_PURPOSE = 'campaign-opt-out';

/** Where the link's page is: it asks, and only its button records (a mail scanner opens links). */
export const CAMPAIGN_OPT_OUT_PATH = '/donate/opt-out';

/** As long as the receipt's PDF link: a donor may ask well after the campaign day. */
export const CAMPAIGN_OPT_OUT_LINK_DAYS = 400;

/**
 * `/donate/opt-out?token=…` for a campaign gift's receipt: the token names the gift, whose
 * campaign and email the page reads. Pressed twice, or from two receipts, it records one wish.
 */
export function campaignOptOutUrl(links: SignedLinks, donationId: string, now: Date): string {
  return signedUrl(
    links,
    {
      purpose: CAMPAIGN_OPT_OUT_PURPOSE,
      subject: donationId,
      path: CAMPAIGN_OPT_OUT_PATH,
      days: CAMPAIGN_OPT_OUT_LINK_DAYS,
    },
    now,
  );
}
