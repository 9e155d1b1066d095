import { signedUrl, type SignedLinks } from '~/server/lib/signed-link';

/** The signed-link purpose of "manage your monthly gift": a token for another purpose fails. */
export const MANAGE_GIFT_PURPOSE = 'manage-stripe-gift';

/** How long a receipt's manage link works: two monthly receipts overlap, so one always does. */
export const MANAGE_LINK_DAYS = 60;

/** What signing a manage link needs: the site's signer and its public address. */
export type ManageLinks = SignedLinks;

/**
 * The link a monthly donor follows to manage a Stripe subscription (change card, cancel):
 * `/donate/manage?token=…`, the token naming the subscription and expiring MANAGE_LINK_DAYS
 * after `now` (when the mail carrying it is queued).
 */
export function manageGiftUrl(links: ManageLinks, subscriptionId: string, now: Date): string {
  return signedUrl(
    links,
    {
      purpose: MANAGE_GIFT_PURPOSE,
      subject: subscriptionId,
      path: '/donate/manage',
      days: MANAGE_LINK_DAYS,
    },
    now,
  );
}
