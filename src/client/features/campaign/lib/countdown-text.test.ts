import { describe, expect, it } from 'vitest';
import { countdownText, nextMinuteIn } from './countdown-text';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe('the countdown’s words', () => {
  it('says days and hours while a day or more is left', () => {
    expect(countdownText(3 * day + 4 * hour + 20 * minute)).toBe('3 days 4 hours');
    expect(countdownText(day + hour)).toBe('1 day 1 hour');
    expect(countdownText(2 * day)).toBe('2 days');
  });

  it('says hours and minutes on the last day, never "0 days"', () => {
    expect(countdownText(5 * hour + 12 * minute)).toBe('5 hours 12 minutes');
    expect(countdownText(day - 1)).toBe('1 day');
    expect(countdownText(day - minute - 1)).toBe('23 hours 59 minutes');
    expect(countdownText(hour)).toBe('1 hour');
    expect(countdownText(12 * minute)).toBe('12 minutes');
    expect(countdownText(5 * hour + 12 * minute)).not.toMatch(/day/);
  });

  it('counts up to the next minute, so the last seconds still show a minute', () => {
    expect(countdownText(59 * minute + 1)).toBe('1 hour');
    expect(countdownText(61 * minute)).toBe('1 hour 1 minute');
    expect(countdownText(1)).toBe('1 minute');
  });

  it('has no time left at the end or past it', () => {
    expect(countdownText(0)).toBe('no time');
    expect(countdownText(-5 * minute)).toBe('no time');
    expect(countdownText(Number.NaN)).toBe('no time');
  });

  it('waits to the next whole minute of what is left', () => {
    expect(nextMinuteIn(5 * minute + 1_500)).toBe(1_500);
    expect(nextMinuteIn(5 * minute)).toBe(minute);
  });
});
