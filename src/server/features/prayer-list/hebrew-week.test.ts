import { describe, expect, it } from 'vitest';
import { addDays, hebrewDateOf, prayerWeek, startOfDayIn, weekStartOf } from './hebrew-week';

describe('the prayer list’s weeks', () => {
  it('run Sunday to Shabbat, named by their Sunday', () => {
    expect(weekStartOf('2026-11-22')).toBe('2026-11-22'); // a Sunday
    expect(weekStartOf('2026-11-26')).toBe('2026-11-22'); // Thursday
    expect(weekStartOf('2026-11-28')).toBe('2026-11-22'); // Shabbat
    expect(weekStartOf('2026-11-29')).toBe('2026-11-29');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-27'); // across the year
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
  });

  it('carry the Hebrew dates of their first and last day', () => {
    expect(hebrewDateOf('2026-11-26')).toEqual({
      hebrew: 'ט״ז כסלו תשפ״ז',
      english: '16th of Kislev, 5787',
    });
    const week = prayerWeek('2026-11-26');
    expect(week).toMatchObject({ start: '2026-11-22', end: '2026-11-28' });
    expect(week.hebrewStart.english).toBe('12th of Kislev, 5787');
    expect(week.hebrewEnd.english).toBe('18th of Kislev, 5787');
    // Rosh Hashanah 5787 fell on 12 September 2026.
    expect(hebrewDateOf('2026-09-12').english).toBe('1st of Tishrei, 5787');
  });

  it('find midnight in the site’s time zone, winter and summer', () => {
    expect(startOfDayIn('2026-11-22', 'America/New_York').toISOString()).toBe(
      '2026-11-22T05:00:00.000Z',
    );
    expect(startOfDayIn('2026-07-01', 'America/New_York').toISOString()).toBe(
      '2026-07-01T04:00:00.000Z',
    );
    expect(startOfDayIn('2026-07-01', 'UTC').toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });
});
