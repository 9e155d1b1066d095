import type { OfflineMethod, PaymentMethod } from './domain';
import { offlineMethodLabels } from './schemas/offline-gifts';

/** How a gift came, as a receipt, a statement or the office's table says it. */
export interface GiftMethodFields {
  paymentMethod: PaymentMethod;
  offlineMethod?: OfflineMethod | null;
  offlineReference?: string | null;
}

const onlineLabels = { stripe: 'Credit card', ojc: 'OJC Fund charity card' } as const;

/** "Credit card", "OJC Fund charity card", "Cheque 1042", "Cash". */
export function giftMethodLabel(gift: GiftMethodFields): string {
  if (gift.paymentMethod !== 'offline') return onlineLabels[gift.paymentMethod];
  const label = offlineMethodLabels[gift.offlineMethod ?? 'other'];
  return gift.offlineReference ? `${label} ${gift.offlineReference}` : label;
}

/** What a donor-advised fund's grant says wherever it is listed: no deduction for the donor. */
export const fundGrantNote = 'Donor-advised fund grant: the fund, not you, may claim this';

/** A grant from a donor-advised fund: the fund took the deduction when it was given to it. */
export function isFundGrant(gift: GiftMethodFields): boolean {
  return gift.paymentMethod === 'offline' && gift.offlineMethod === 'daf';
}
