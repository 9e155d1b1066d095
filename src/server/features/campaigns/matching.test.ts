import { describe, expect, it } from 'vitest';
import { allocateMatch, countedCents, trimMatch, type MatcherRoom } from './matching';

const matcher = (id: string, ratio: number, capDollars: number, usedDollars = 0): MatcherRoom => ({
  id,
  ratioHundredths: ratio * 100,
  capCents: capDollars * 100,
  usedCents: usedDollars * 100,
});

describe('allocateMatch', () => {
  it('doubles a gift at ratio 1 and triples it at ratio 2', () => {
    expect(allocateMatch([matcher('a', 1, 10_000)], 3600)).toEqual([
      { matcherId: 'a', ratioHundredths: 100, giftCents: 3600, cents: 3600 },
    ]);
    expect(allocateMatch([matcher('a', 2, 10_000)], 3600)).toEqual([
      { matcherId: 'a', ratioHundredths: 200, giftCents: 3600, cents: 7200 },
    ]);
  });

  it('rounds a fractional ratio down to the cent', () => {
    expect(allocateMatch([matcher('a', 0.5, 100)], 101)).toEqual([
      { matcherId: 'a', ratioHundredths: 50, giftCents: 101, cents: 50 },
    ]);
  });

  it('splits a gift that crosses a cap between the two matchers, each at its own ratio', () => {
    // $1,000 of room at 1:1 is used by $1,000 of the $1,800 gift; the other $800 is tripled.
    const parts = allocateMatch([matcher('a', 1, 5000, 4000), matcher('b', 2, 5000)], 180_000);
    expect(parts).toEqual([
      { matcherId: 'a', ratioHundredths: 100, giftCents: 100_000, cents: 100_000 },
      { matcherId: 'b', ratioHundredths: 200, giftCents: 80_000, cents: 160_000 },
    ]);
  });

  it('uses exactly what is left of a cap when the ratio does not divide it', () => {
    // $1.01 left at 2:1: 51 cents of the gift earn it, and no more than the cap is given.
    const parts = allocateMatch([matcher('a', 2, 100, 98.99), matcher('b', 1, 100)], 1000);
    expect(parts).toEqual([
      { matcherId: 'a', ratioHundredths: 200, giftCents: 51, cents: 101 },
      { matcherId: 'b', ratioHundredths: 100, giftCents: 949, cents: 949 },
    ]);
  });

  it('rolls over to the next matcher once a cap is used, passing over full ones', () => {
    const parts = allocateMatch(
      [matcher('a', 1, 500, 500), matcher('b', 2, 500, 500), matcher('c', 1, 500)],
      5000,
    );
    expect(parts).toEqual([{ matcherId: 'c', ratioHundredths: 100, giftCents: 5000, cents: 5000 }]);
  });

  it('matches the rest of a gift nowhere once every cap is used', () => {
    expect(allocateMatch([matcher('a', 1, 500, 500)], 5000)).toEqual([]);
    const parts = allocateMatch([matcher('a', 1, 500, 490)], 5000);
    expect(parts).toEqual([{ matcherId: 'a', ratioHundredths: 100, giftCents: 1000, cents: 1000 }]);
  });

  it('matches nothing without matchers', () => {
    expect(allocateMatch([], 5000)).toEqual([]);
  });
});

describe('trimMatch', () => {
  const parts = allocateMatch([matcher('a', 1, 5000, 4000), matcher('b', 2, 5000)], 180_000);

  it('releases the whole match of a gift refunded in full', () => {
    expect(trimMatch(parts, 0)).toEqual({ kept: [], released: parts });
  });

  it('keeps the whole match of a gift that counts as much as before', () => {
    expect(trimMatch(parts, 180_000)).toEqual({ kept: parts, released: [] });
  });

  it("keeps the first cents' match at the ratio they had, and releases the rest", () => {
    const { kept, released } = trimMatch(parts, 120_000);
    expect(kept).toEqual([
      parts[0],
      { matcherId: 'b', ratioHundredths: 200, giftCents: 20_000, cents: 40_000 },
    ]);
    expect(released).toEqual([parts[1]]);
  });
});

describe('countedCents', () => {
  const onetime = { donationType: 'onetime' as const, amountCents: 3700, feeCents: 100 };

  it('counts a one-time gift without the fee its donor covered, less any refund', () => {
    expect(countedCents({ ...onetime, refundedCents: 0 }, 12)).toBe(3600);
    expect(countedCents({ ...onetime, refundedCents: 1000 }, 12)).toBe(2600);
    expect(countedCents({ ...onetime, refundedCents: 3700 }, 12)).toBe(0);
  });

  it('counts a monthly gift as promised ($36 × 12), and as paid once its plan ends early', () => {
    const monthly = { donationType: 'subscription' as const, amountCents: 3600, feeCents: 0 };
    expect(countedCents({ ...monthly, refundedCents: 0 }, 12)).toBe(43_200);
    expect(countedCents({ ...monthly, refundedCents: 0 }, 12, 3)).toBe(10_800);
    expect(countedCents({ ...monthly, refundedCents: 0 }, 12, 20)).toBe(43_200);
  });

  it('a monthly plan ended early keeps the match of its paid months and releases the rest', () => {
    const promised = countedCents(
      { donationType: 'subscription', amountCents: 3600, feeCents: 0, refundedCents: 0 },
      12,
    );
    const parts = allocateMatch([matcher('a', 1, 300), matcher('b', 2, 1000)], promised);
    expect(parts).toEqual([
      { matcherId: 'a', ratioHundredths: 100, giftCents: 30_000, cents: 30_000 },
      { matcherId: 'b', ratioHundredths: 200, giftCents: 13_200, cents: 26_400 },
    ]);
    const paid = countedCents(
      { donationType: 'subscription', amountCents: 3600, feeCents: 0, refundedCents: 0 },
      12,
      3,
    );
    expect(trimMatch(parts, paid).kept).toEqual([
      { matcherId: 'a', ratioHundredths: 100, giftCents: 10_800, cents: 10_800 },
    ]);
  });
});
