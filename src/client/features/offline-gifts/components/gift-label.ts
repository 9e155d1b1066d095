import type { OfflineGiftView } from '~/shared/schemas/offline-gifts';

/**
 * How a gift is named to a screen reader and in a dialog: by its receipt number, or, before a
 * campaign gift is cleared (it has no number yet), by its donor.
 */
export const giftLabel = (gift: OfflineGiftView) =>
  gift.receiptNumber ? `receipt ${gift.receiptNumber}` : `the pending gift of ${gift.name}`;
