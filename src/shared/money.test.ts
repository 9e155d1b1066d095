import { describe, expect, it } from 'vitest';
import { coverFeeCents, formatMoney } from './money';

describe('coverFeeCents', () => {
  const stripe = { percent: 2.9, fixedCents: 30 };

  it.each([100, 1800, 3600, 10_000, 2_500_000])(
    'lets a gift of %i cents arrive whole after the fee',
    (gift) => {
      const total = gift + coverFeeCents(gift, stripe);
      const net = total - Math.round((total * stripe.percent) / 100) - stripe.fixedCents;
      expect(net).toBeGreaterThanOrEqual(gift);
      expect(net - gift).toBeLessThanOrEqual(1);
    },
  );

  it('is nothing when no fee is configured', () => {
    expect(coverFeeCents(3600, { percent: 0, fixedCents: 0 })).toBe(0);
  });
});

describe('formatMoney', () => {
  it('formats cents as dollars', () => {
    expect(formatMoney(3600)).toBe('$36.00');
    expect(formatMoney(2_500_000)).toBe('$25,000.00');
    expect(formatMoney(3600, 'usd', { whole: true })).toBe('$36');
    expect(formatMoney(3650, 'usd', { whole: true })).toBe('$36.50');
  });
});
