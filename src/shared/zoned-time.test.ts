import { describe, expect, it } from 'vitest';
import { zonedDateAndTime, zonedInstant, zonedIso } from './zoned-time';

const ny = 'America/New_York';

describe('a date and time on the site clock, and back', () => {
  it('takes the offset of that day, on either side of the March and November changes', () => {
    const cases: [string, string, string][] = [
      ['2026-03-07', '20:00', '2026-03-07T20:00:00-05:00'],
      ['2026-03-08', '20:00', '2026-03-08T20:00:00-04:00'],
      ['2026-10-31', '20:00', '2026-10-31T20:00:00-04:00'],
      ['2026-11-01', '20:00', '2026-11-01T20:00:00-05:00'],
      ['2026-12-13', '00:00', '2026-12-13T00:00:00-05:00'],
    ];
    for (const [date, time, iso] of cases) {
      const instant = zonedInstant(date, time, ny)!;
      expect(zonedIso(instant, ny)).toBe(iso);
      expect(instant.getTime()).toBe(Date.parse(iso));
      expect(zonedDateAndTime(instant, ny)).toEqual({ date, time });
    }
  });

  it('has no instant for the hour the clocks skip, and takes the first of the hour shown twice', () => {
    expect(zonedInstant('2026-03-08', '02:30', ny)).toBeNull();
    expect(zonedIso(zonedInstant('2026-11-01', '01:30', ny)!, ny)).toBe(
      '2026-11-01T01:30:00-04:00',
    );
  });

  it('reads no date that is not one', () => {
    expect(zonedInstant('2026-02-30', '10:00', ny)).toBeNull();
    expect(zonedInstant('', '10:00', ny)).toBeNull();
    expect(zonedInstant('2026-02-03', '25:00', ny)).toBeNull();
  });
});
