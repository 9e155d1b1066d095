import { describe, expect, it } from 'vitest';
import { monthLabel, niceCeiling } from './chart-scale';

describe('niceCeiling', () => {
  it.each([
    [0, 100],
    [1, 1],
    [7, 10],
    [120, 200],
    [350_000, 500_000],
    [500_000, 500_000],
    [500_001, 1_000_000],
  ])('%d → %d', (max, top) => {
    expect(niceCeiling(max)).toBe(top);
  });
});

describe('monthLabel', () => {
  it('names the month, with or without the year, whatever the local zone', () => {
    expect(monthLabel('2025-03')).toBe('Mar 2025');
    expect(monthLabel('2024-12', { short: true })).toBe('Dec');
  });
});
