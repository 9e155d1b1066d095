import { describe, expect, it } from 'vitest';
import { formatIsoDate, formatTimeOfDay } from './format-date';

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

describe('formatTimeOfDay', () => {
  it('reads a 24-hour time the American way, with the zone as it is that day', () => {
    expect(formatTimeOfDay('20:00', '2026-12-13', 'America/New_York')).toBe(
      '8:00 PM Eastern Standard Time',
    );
    expect(formatTimeOfDay('09:30', '2026-07-05', 'America/New_York')).toBe(
      '9:30 AM Eastern Daylight Time',
    );
    expect(formatTimeOfDay('00:05', '2026-07-05', 'Asia/Jerusalem')).toBe(
      '12:05 AM Israel Daylight Time',
    );
  });
});
