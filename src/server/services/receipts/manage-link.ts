import type { LinkSigner } from '../../lib/signed-link';

/** The signed-link purpose of "manage your monthly gift": a token for another purpose fails. */
export const MANAGE_GIFT_PURPOSE = 'manage-stripe-gift';

/** How long a receipt's manage link works: two monthly receipts overlap, so one always does. */
export const MANAGE_LINK_DAYS = 60;

const dayMs = 24 * 60 * 60 * 1000;

/** What signing a manage link needs: the site's signer and its public address. */
export interface ManageLinks {
  linkSigner: LinkSigner;
  publicUrl: string;
}

/**
 * The link a monthly donor follows to manage a Stripe subscription (change card, cancel):
 * `/donate/manage?token=…`, the token naming the subscription and expiring MANAGE_LINK_DAYS
 * after `now` (when the mail carrying it is queued).
 */
export function manageGiftUrl(links: ManageLinks, subscriptionId: string, now: Date): string {
  const expiresAt = new Date(now.getTime() + MANAGE_LINK_DAYS * dayMs);
  const token = links.linkSigner.sign(MANAGE_GIFT_PURPOSE, subscriptionId, expiresAt);
  return `${links.publicUrl}/donate/manage?token=${encodeURIComponent(token)}`;
}
