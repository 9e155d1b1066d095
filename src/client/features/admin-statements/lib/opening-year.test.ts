import { describe, expect, it } from 'vitest';
import { openingStatementYear } from './opening-year';

describe('the year Statements opens on', () => {
  it('is the year under way from February to December, November and December included', () => {
    expect(openingStatementYear(new Date(2026, 1, 1))).toBe(2026);
    expect(openingStatementYear(new Date(2026, 10, 27))).toBe(2026);
    expect(openingStatementYear(new Date(2026, 11, 31, 23, 59))).toBe(2026);
  });

  it('is last year in January, the month its statements are mailed', () => {
    expect(openingStatementYear(new Date(2027, 0, 1))).toBe(2026);
    expect(openingStatementYear(new Date(2027, 0, 31, 23, 59))).toBe(2026);
  });
});
