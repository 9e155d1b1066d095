import { describe, expect, it } from 'vitest';
import { formatIsoDate } from './format-date';

describe('formatIsoDate', () => {
  it('formats an ISO date the American way without shifting the day', () => {
    expect(formatIsoDate('2025-08-15')).toBe('August 15, 2025');
    expect(formatIsoDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatIsoDate('2025-12-31')).toBe('December 31, 2025');
  });

  it('leaves anything else as it is', () => {
    expect(formatIsoDate('2025-13-01')).toBe('2025-13-01');
    expect(formatIsoDate('next week')).toBe('next week');
  });
});
