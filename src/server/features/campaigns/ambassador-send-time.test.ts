import siteConfig from '@site-config';
import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '~/shared/site-config-schema';
import { zonedInstant } from '~/shared/zoned-time';
import { pauseWindows, placeOf } from '~/server/lib/campaign-times';
import { nextAmbassadorSendTime, type AmbassadorPlace } from './ambassador-send-time';

const zone = 'America/New_York';
const config = siteConfigSchema.parse(siteConfig);
const monsey: AmbassadorPlace = config.location;
/** A wall-clock time in New York. */
const ny = (date: string, time: string) => zonedInstant(date, time, zone)!;
const next = (at: Date) => nextAmbassadorSendTime(at, zone, monsey);
/** The Shabbat or Yom Tov window that holds `at`, as the campaign's pauses compute it. */
const restAround = (at: Date) => {
  const [window] = pauseWindows(at, new Date(at.getTime() + 1), placeOf(config));
  if (!window) throw new Error(`no rest window around ${at.toISOString()}`);
  return window;
};

describe('when a team leader may be mailed (Monsey)', () => {
  it('sends at 21:59 on a weekday, and holds 22:00 to 08:00 the next morning', () => {
    // Wednesday 2 December 2026.
    expect(next(ny('2026-12-02', '21:59'))).toEqual(ny('2026-12-02', '21:59'));
    expect(next(ny('2026-12-02', '22:00'))).toEqual(ny('2026-12-03', '08:00'));
    expect(next(ny('2026-12-03', '03:15'))).toEqual(ny('2026-12-03', '08:00'));
    expect(next(ny('2026-12-03', '07:59'))).toEqual(ny('2026-12-03', '08:00'));
    expect(next(ny('2026-12-03', '08:00'))).toEqual(ny('2026-12-03', '08:00'));
  });

  it('sends on Friday before candle lighting, and holds from it to havdalah', () => {
    const shabbat = restAround(ny('2026-12-04', '18:00'));
    expect(shabbat.kind).toBe('shabbat');
    const candles = shabbat.start;
    expect(next(new Date(candles.getTime() - 60_000))).toEqual(
      new Date(candles.getTime() - 60_000),
    );
    expect(next(candles)).toEqual(shabbat.end);
    expect(next(ny('2026-12-05', '12:00'))).toEqual(shabbat.end);
    // Havdalah in December is early evening: the mail goes then, before the night.
    expect(shabbat.end.getTime()).toBeLessThan(ny('2026-12-05', '22:00').getTime());
  });

  it('holds a Friday night past havdalah and then the night, to Sunday 08:00', () => {
    // Friday 23:30: both night and Shabbat. Night ends Saturday 08:00, inside Shabbat; havdalah
    // comes in the evening, and then it is still day.
    const shabbat = restAround(ny('2026-12-05', '12:00'));
    expect(next(ny('2026-12-04', '23:30'))).toEqual(shabbat.end);
    // After havdalah, at 22:30 Saturday: Sunday morning.
    expect(next(ny('2026-12-05', '22:30'))).toEqual(ny('2026-12-06', '08:00'));
  });

  it('holds Yom Kippur on a Monday to its havdalah', () => {
    const yomKippur = restAround(ny('2026-09-21', '12:00'));
    expect(yomKippur.kind).toBe('yom-tov');
    expect(next(ny('2026-09-21', '12:00'))).toEqual(yomKippur.end);
  });

  it('holds the first days of Pesach and the Shabbat after them as one stretch', () => {
    // Pesach 2026 begins Wednesday night 1 April; Thursday, Friday and Shabbat follow.
    const stretch = restAround(ny('2026-04-02', '12:00'));
    expect(stretch.kind).toBe('shabbat-and-yom-tov');
    expect(next(ny('2026-04-01', '20:30'))).toEqual(stretch.end);
    expect(next(ny('2026-04-03', '09:00'))).toEqual(stretch.end);
    expect(stretch.end.getTime()).toBeGreaterThan(ny('2026-04-04', '19:00').getTime());
  });

  it('counts 08:00 on the clock of the day when the clocks change', () => {
    // Sunday 8 March 2026 the clocks go forward at 2:00: 08:00 is 12:00 UTC, not 13:00.
    expect(next(ny('2026-03-07', '23:00'))).toEqual(new Date('2026-03-08T12:00:00Z'));
    // Sunday 1 November 2026 they go back: 08:00 is 13:00 UTC, the night an hour longer.
    expect(next(ny('2026-10-31', '23:30'))).toEqual(new Date('2026-11-01T13:00:00Z'));
    // In the hour shown twice (1:30 EDT, then 1:30 EST): the same morning either way.
    expect(next(new Date('2026-11-01T05:30:00Z'))).toEqual(new Date('2026-11-01T13:00:00Z'));
    expect(next(new Date('2026-11-01T06:30:00Z'))).toEqual(new Date('2026-11-01T13:00:00Z'));
    // 21:59 on the evening the clocks went back is still day.
    expect(next(ny('2026-11-01', '21:59'))).toEqual(ny('2026-11-01', '21:59'));
  });
});

describe('when havdalah comes after 22:00 (London in June)', () => {
  const london = 'Europe/London';
  const place: AmbassadorPlace = {
    city: 'London',
    latitude: 51.5074,
    longitude: -0.1278,
    israel: false,
    candleLightingMinutes: 18,
    havdalah: { degrees: 8.5 },
  };
  const uk = (date: string, time: string) => zonedInstant(date, time, london)!;

  it('waits past havdalah to 08:00 on Sunday', () => {
    const [shabbat] = pauseWindows(
      uk('2026-06-20', '12:00'),
      uk('2026-06-20', '12:01'),
      placeOf({ location: place, timeZone: london }),
    );
    // The premise: this havdalah is in the quiet hours.
    expect(shabbat!.end.getTime()).toBeGreaterThan(uk('2026-06-20', '22:00').getTime());
    expect(nextAmbassadorSendTime(uk('2026-06-19', '21:30'), london, place)).toEqual(
      uk('2026-06-21', '08:00'),
    );
  });
});
