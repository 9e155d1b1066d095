import { describe, expect, it } from 'vitest';
import {
  afterLiveMs,
  campaignState,
  campaignTimesSchema,
  countdownText,
  giftStart,
  type CampaignTimes,
  type PauseWindow,
} from './campaign-clock';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const at = (iso: string) => new Date(iso);

describe('the countdown in words', () => {
  it('says days and hours, then hours and minutes on the last day, then minutes', () => {
    expect(countdownText(3 * DAY + 4 * HOUR + 59 * MINUTE)).toEqual({
      text: '3 days 4 hours',
      spoken: '3 days and 4 hours',
    });
    expect(countdownText(DAY).text).toBe('1 day');
    expect(countdownText(DAY - 1).text).toBe('23 hours 59 minutes');
    expect(countdownText(5 * HOUR + 12 * MINUTE + 30_000)).toEqual({
      text: '5 hours 12 minutes',
      spoken: '5 hours and 12 minutes',
    });
    expect(countdownText(HOUR + MINUTE).text).toBe('1 hour 1 minute');
    expect(countdownText(2 * HOUR).text).toBe('2 hours');
    expect(countdownText(12 * MINUTE + 59_000).text).toBe('12 minutes');
    expect(countdownText(30_000).text).toBe('less than a minute');
    expect(countdownText(-5).text).toBe('less than a minute');
  });

  it('never says "0 days" on the last day', () => {
    for (let ms = 0; ms < DAY; ms += 7 * MINUTE + 13_000) {
      expect(countdownText(ms).text).not.toMatch(/\b0 |days?/);
    }
  });
});

describe('the campaign state on a fake clock', () => {
  const shabbat: PauseWindow = {
    start: at('2026-12-11T16:09:00-05:00'),
    end: at('2026-12-12T17:14:00-05:00'),
    kind: 'shabbat',
  };
  const times: CampaignTimes = {
    startsAt: at('2026-12-10T20:00:00-05:00'),
    plannedEndsAt: at('2026-12-11T20:00:00-05:00'),
    endsAt: at('2026-12-12T21:05:00-05:00'),
    plannedOpenUntil: null,
    openUntil: null,
    pauses: [shabbat],
    pausedMs: shabbat.end.getTime() - shabbat.start.getTime(),
  };

  it('counts down to the start, then the giving time left', () => {
    expect(campaignState(times, at('2026-12-10T18:00:00-05:00'))).toEqual({
      state: 'before',
      msLeft: 2 * HOUR,
      startsAt: times.startsAt,
    });
    expect(giftStart(times, at('2026-12-10T18:00:00-05:00'), 'America/New_York')).toEqual({
      allowed: false,
      state: 'before',
      message:
        'The campaign has not started yet. It starts Thursday, December 10 at 8:00 PM. No payment was started.',
    });
    expect(campaignState(times, at('2026-12-11T16:00:00-05:00'))).toEqual({
      state: 'live',
      msLeft: 9 * MINUTE + 3 * HOUR + 51 * MINUTE,
      endsAt: times.endsAt,
    });
  });

  it('names a Yom Tov and both together in the paused message', () => {
    const yomTov = { ...times, pauses: [{ ...shabbat, kind: 'yom-tov' as const }] };
    expect(giftStart(yomTov, shabbat.start, 'America/New_York')).toMatchObject({
      message:
        'The campaign is paused for Yom Tov. It resumes Saturday at 5:14 PM. No payment was started.',
    });
    const both = { ...times, pauses: [{ ...shabbat, kind: 'shabbat-and-yom-tov' as const }] };
    expect(giftStart(both, shabbat.start, 'America/New_York')).toMatchObject({
      message: expect.stringContaining('paused for Shabbat and Yom Tov.'),
    });
  });

  it('reads the times back from JSON', () => {
    const back = campaignTimesSchema.parse(JSON.parse(JSON.stringify(times)));
    expect(back).toEqual(times);
  });

  it('skips pauses when it adds giving time', () => {
    const from = at('2026-12-11T12:00:00-05:00');
    // Before the pause, at candle lighting exactly (not moved), and past it.
    expect(afterLiveMs(from, HOUR, [shabbat])).toEqual(at('2026-12-11T13:00:00-05:00'));
    expect(afterLiveMs(from, 4 * HOUR + 9 * MINUTE, [shabbat])).toEqual(shabbat.start);
    expect(afterLiveMs(from, 5 * HOUR, [shabbat])).toEqual(at('2026-12-12T18:05:00-05:00'));
    // From inside the pause, the time starts at havdalah.
    expect(afterLiveMs(at('2026-12-12T10:00:00-05:00'), HOUR, [shabbat])).toEqual(
      at('2026-12-12T18:14:00-05:00'),
    );
  });
});
