import { describe, expect, it } from 'vitest';
import { addMonthsToDate, formatLongDate, isoDateIn, nextSessionDate } from './schedule';

describe('session dates', () => {
  it('adds months on the same day, or the last day of a shorter month', () => {
    expect(addMonthsToDate('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonthsToDate('2025-11-15', 3)).toBe('2026-02-15');
    expect(addMonthsToDate('2024-02-29', 12)).toBe('2025-02-28');
  });

  it('rolls a past session forward to the first one on or after today', () => {
    expect(nextSessionDate('2025-08-15', 3, '2025-08-15')).toBe('2025-08-15');
    expect(nextSessionDate('2025-08-15', 3, '2025-08-16')).toBe('2025-11-15');
    expect(nextSessionDate('2025-08-15', 3, '2026-11-22')).toBe('2027-02-15');
    expect(nextSessionDate('2025-01-31', 1, '2025-02-10')).toBe('2025-02-28');
    expect(nextSessionDate('2025-01-31', 1, '2025-03-01')).toBe('2025-03-31');
    expect(nextSessionDate('2030-01-01', 1, '2026-01-01')).toBe('2030-01-01');
  });

  it('reads the calendar date in a time zone and writes it out', () => {
    const lateEvening = new Date('2026-11-23T03:00:00Z');
    expect(isoDateIn(lateEvening, 'America/New_York')).toBe('2026-11-22');
    expect(isoDateIn(lateEvening, 'UTC')).toBe('2026-11-23');
    expect(formatLongDate('2025-09-07')).toBe('Sunday, September 7, 2025');
  });

  it('turns to the next date at midnight in the zone, to the millisecond, asked every moment', () => {
    // New York's midnight of 23 November 2026 is 05:00 UTC.
    const midnight = Date.parse('2026-11-23T05:00:00Z');
    const at = (ms: number) => isoDateIn(new Date(midnight + ms), 'America/New_York');
    expect([at(-60_001), at(-30_000), at(-1), at(0), at(1), at(59_999)]).toEqual([
      '2026-11-22',
      '2026-11-22',
      '2026-11-22',
      '2026-11-23',
      '2026-11-23',
      '2026-11-23',
    ]);
    // India's offset is a half hour: its midnight of 23 November 2026 is 18:30 UTC the day before.
    const kolkata = Date.parse('2026-11-22T18:30:00Z');
    expect(isoDateIn(new Date(kolkata - 1), 'Asia/Kolkata')).toBe('2026-11-22');
    expect(isoDateIn(new Date(kolkata), 'Asia/Kolkata')).toBe('2026-11-23');
  });
});
