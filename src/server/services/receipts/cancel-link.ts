import { signedUrl, type SignedLinks } from '~/server/lib/signed-link';

/** The signed-link purpose of "cancel my monthly OJC gift": a token for another purpose fails. */
export const CANCEL_OJC_GIFT_PURPOSE = 'cancel-ojc-gift';

/** How long a receipt's cancel link works: two monthly receipts overlap, so one always does. */
export const CANCEL_LINK_DAYS = 60;

/**
 * The link a monthly OJC donor follows to stop the gift: `/donate/cancel?token=…`, the token
 * naming the gift and expiring CANCEL_LINK_DAYS after `now` (when the receipt is queued).
 */
export function ojcCancelUrl(links: SignedLinks, giftId: string, now: Date): string {
  return signedUrl(
    links,
    {
      purpose: CANCEL_OJC_GIFT_PURPOSE,
      subject: giftId,
      path: '/donate/cancel',
      days: CANCEL_LINK_DAYS,
    },
    now,
  );
}
