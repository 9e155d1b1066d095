/** Every gift is in US dollars; amounts are integer cents of it. */
export const CURRENCY = 'usd';

/** Money is integer cents in code and storage; dollars only at the edges (forms, payloads). */

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** `$1,234.50` (or `$36` with `{ whole: true }` for whole amounts). */
export function formatMoney(cents: number, currency = 'usd', { whole = false } = {}): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole && cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

export interface FeeSettings {
  /** The processor's percentage of each charge, e.g. 2.9. */
  percent: number;
  /** The processor's fixed part of each charge, in cents, e.g. 30. */
  fixedCents: number;
}

/**
 * What to add to a gift so that, once the processor takes `percent` of the whole charge plus
 * `fixedCents`, the gift arrives whole: total = (gift + fixed) / (1 - percent / 100), rounded up.
 */
export function coverFeeCents(giftCents: number, { percent, fixedCents }: FeeSettings): number {
  if (percent <= 0 && fixedCents <= 0) return 0;
  const total = Math.ceil((giftCents + fixedCents) / (1 - percent / 100));
  return total - giftCents;
}
