import type { OfflineMethod, PaymentMethod } from './domain';
import { offlineMethodLabels } from './schemas/offline-gifts';

/** How a gift came, as a receipt, a statement or the office's table says it. */
export interface GiftMethodFields {
  paymentMethod: PaymentMethod;
  offlineMethod?: OfflineMethod | null;
  offlineReference?: string | null;
}

const onlineLabels = { stripe: 'Credit card', ojc: 'OJC Fund charity card' } as const;

/**
 * A method's name before its number, where the form's name would read badly: OJC gives a voucher
 * number for a paper voucher and for a charity card taken by phone alike.
 */
const numberedLabels: Partial<Record<OfflineMethod, string>> = { ojc: 'OJC voucher' };

/** "Credit card", "OJC Fund charity card", "Cheque 1042", "OJC voucher 55-1234", "Cash". */
export function giftMethodLabel(gift: GiftMethodFields): string {
  if (gift.paymentMethod !== 'offline') return onlineLabels[gift.paymentMethod];
  const method = gift.offlineMethod ?? 'other';
  if (!gift.offlineReference) return offlineMethodLabels[method];
  return `${numberedLabels[method] ?? offlineMethodLabels[method]} ${gift.offlineReference}`;
}

/** What a donor-advised fund's grant says wherever it is listed: no deduction for the donor. */
export const fundGrantNote = 'Donor-advised fund grant: the fund, not you, may claim this';

/** A grant from a donor-advised fund: the fund took the deduction when it was given to it. */
export function isFundGrant(gift: GiftMethodFields): boolean {
  return gift.paymentMethod === 'offline' && gift.offlineMethod === 'daf';
}
