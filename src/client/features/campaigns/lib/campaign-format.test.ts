import { describe, expect, it } from 'vitest';
import { dateAt, dollars, ratioWords, weekdayAt } from './campaign-format';
import { giftClosedReason } from './gift-closed';

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
