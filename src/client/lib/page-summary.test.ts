import { describe, expect, it } from 'vitest';
import { pageSummary } from './page-summary';

describe('pageSummary', () => {
  it('reads the first of several pages', () => {
    expect(pageSummary({ offset: 0, limit: 25, shown: 25, total: 1234 })).toEqual({
      text: 'Showing 1–25 of 1,234',
      hasPrevious: false,
      hasNext: true,
      previousOffset: 0,
      nextOffset: 25,
    });
  });

  it('reads the last, short page', () => {
    expect(pageSummary({ offset: 50, limit: 25, shown: 3, total: 53 })).toMatchObject({
      text: 'Showing 51–53 of 53',
      hasPrevious: true,
      hasNext: false,
      previousOffset: 25,
    });
  });

  it('ends exactly at a page boundary', () => {
    expect(pageSummary({ offset: 25, limit: 25, shown: 25, total: 50 }).hasNext).toBe(false);
  });

  it('says "more than" when the server stopped counting, and offers the next page', () => {
    expect(
      pageSummary({ offset: 0, limit: 25, shown: 25, total: 10000, totalIsExact: false }),
    ).toMatchObject({ text: 'Showing 1–25 of more than 10,000', hasNext: true });
  });

  it('reads an empty list, or a page past the end', () => {
    expect(pageSummary({ offset: 0, limit: 25, shown: 0, total: 0 })).toMatchObject({
      text: 'Showing 0 of 0',
      hasPrevious: false,
      hasNext: false,
    });
    expect(pageSummary({ offset: 100, limit: 25, shown: 0, total: 40 })).toMatchObject({
      hasPrevious: true,
      previousOffset: 75,
    });
  });
});
