import { describe, expect, it } from 'vitest';
import { thermometerFigures } from './thermometer-figures';

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
