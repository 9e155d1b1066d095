import { describe, expect, it } from 'vitest';
import { dateAt, dollars, ratioWords, weekdayAt } from './campaign-format';
import { giftClosedReason } from './gift-closed';
import { thermometerFigures } from './thermometer-figures';

describe('the campaign’s words', () => {
  it('says a matcher’s ratio in words', () => {
    expect(ratioWords(1)).toBe('doubles every gift');
    expect(ratioWords(2)).toBe('triples every gift');
    expect(ratioWords(3)).toBe('quadruples every gift');
    expect(ratioWords(5)).toBe('multiplies every gift by 6');
    expect(ratioWords(0.5)).toBe('adds $0.50 to every dollar given');
  });

  it('says dollars and times as people read them, in the site’s time zone', () => {
    expect(dollars(48_250)).toBe('$48,250');
    expect(dollars(180.5)).toBe('$180.50');
    // 22:42 UTC on a Saturday in December is 5:42 PM in New York.
    expect(weekdayAt('2026-12-12T22:42:00Z')).toBe('Saturday at 5:42 PM');
    expect(dateAt('2026-12-09T23:00:00Z')).toBe('Wednesday, December 9 at 6:00 PM');
  });

  it('says why the form takes no gift, only while it takes none', () => {
    const base = { startsAt: '2026-12-08T17:00:00Z', resumesAt: null, pauses: [] };
    expect(giftClosedReason({ ...base, state: 'live' })).toBeNull();
    expect(giftClosedReason({ ...base, state: 'open' })).toBeNull();
    expect(giftClosedReason({ ...base, state: 'before' })).toBe(
      'Gifts open when the campaign starts, Tuesday, December 8 at 12:00 PM.',
    );
    expect(giftClosedReason({ ...base, state: 'paused', resumesAt: '2026-12-12T22:42:00Z' })).toBe(
      'The campaign is paused for Shabbat. Gifts open again Saturday at 5:42 PM.',
    );
    expect(giftClosedReason({ ...base, state: 'ended' })).toMatch(/has ended/);
  });
});

describe('the thermometer’s figures', () => {
  const campaign = {
    goal: 100_000,
    raised: 30_000,
    matched: 20_000,
    pending: 1_200,
    bonusGoals: [],
  };

  it('fills with what was given and matched, pending apart', () => {
    expect(thermometerFigures(campaign)).toEqual({
      total: 50_000,
      target: 100_000,
      goalReached: false,
      nextBonus: null,
      percent: 50,
      pendingPercent: 1,
      bonuses: [],
    });
  });

  it('aims at the next bonus goal once the goal is passed', () => {
    const passed = { ...campaign, raised: 70_000, matched: 50_000, bonusGoals: [200_000, 150_000] };
    expect(thermometerFigures(passed)).toMatchObject({
      total: 120_000,
      target: 150_000,
      goalReached: true,
      nextBonus: 150_000,
      percent: 80,
    });
    expect(thermometerFigures({ ...passed, raised: 110_000 })).toMatchObject({
      target: 200_000,
      nextBonus: 200_000,
      // Every bonus goal, in order, from the start; those the total has passed are marked.
      bonuses: [
        { amount: 150_000, reached: true },
        { amount: 200_000, reached: false },
      ],
    });
  });

  it('stays full past the last goal, pending fitting in what is left', () => {
    const over = { ...campaign, raised: 90_000, matched: 20_000, pending: 50_000 };
    expect(thermometerFigures(over)).toMatchObject({
      percent: 100,
      pendingPercent: 0,
      nextBonus: null,
    });
    expect(thermometerFigures({ ...campaign, raised: 60_000, pending: 50_000 })).toMatchObject({
      percent: 80,
      pendingPercent: 20,
    });
  });
});
