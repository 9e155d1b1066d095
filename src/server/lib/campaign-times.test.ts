import { HebrewCalendar, Location, type TimedEvent } from '@hebcal/core';
import siteConfig from '@site-config';
import { describe, expect, it } from 'vitest';
import {
  campaignState,
  countdownText,
  giftStart,
  liveMsBetween,
  pauseAt,
  weekdayAndTime,
  type CampaignState,
  type PauseWindow,
} from '~/shared/campaign-clock';
import { siteConfigSchema } from '~/shared/site-config-schema';
import { campaignTimes, pauseWindows, placeOf, type Place } from './campaign-times';

const zone = 'America/New_York';
const monsey: Place = placeOf(siteConfigSchema.parse(siteConfig));
const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
/** 'Friday at 4:09 PM' in New York: how the assertions read a window. */
const local = (d: Date) => weekdayAndTime(d, zone);
const msLeft = (s: CampaignState) => ('msLeft' in s ? s.msLeft : undefined);
const shown = (w: PauseWindow) => `${local(w.start)} to ${local(w.end)} (${w.kind})`;

/** Hebcal's own candle-lighting and havdalah events for the days, as a second opinion. */
function hebcalTimes(from: Date, to: Date) {
  const location = new Location(41.1112, -74.0685, false, zone, 'Monsey');
  return HebrewCalendar.calendar({ start: from, end: to, candlelighting: true, location })
    .filter((e) => /^(Candle lighting|Havdalah)$/.test(e.getDesc()))
    .map((e) => ({ desc: e.getDesc(), time: (e as TimedEvent).eventTime }));
}

describe('pause windows in Monsey', () => {
  it('reads the place from the site configuration', () => {
    expect(monsey).toMatchObject({
      city: 'Monsey, NY',
      latitude: 41.1112,
      longitude: -74.0685,
      timeZone: zone,
      israel: false,
      candleLightingMinutes: 18,
      havdalah: { degrees: 8.5 },
    });
  });

  it('a Shabbat runs from candle lighting to havdalah, as hebcal publishes them', () => {
    const windows = pauseWindows(at('2026-12-09T12:00:00Z'), at('2026-12-14T12:00:00Z'), monsey);
    expect(windows.map(shown)).toEqual(['Friday at 4:09 PM to Saturday at 5:14 PM (shabbat)']);
    const [candles, havdalah] = hebcalTimes(new Date(2026, 11, 11), new Date(2026, 11, 12));
    expect(windows[0]!.start).toEqual(candles!.time);
    // Havdalah is rounded up to the minute: never reopen a moment before it.
    const end = windows[0]!.end.getTime();
    expect(end - havdalah!.time.getTime()).toBeGreaterThanOrEqual(0);
    expect(end - havdalah!.time.getTime()).toBeLessThan(60_000);
  });

  it('a Yom Tov next to Shabbat is one window (Shavuot on Friday: Thursday to Saturday night)', () => {
    const windows = pauseWindows(at('2027-06-08T12:00:00Z'), at('2027-06-14T12:00:00Z'), monsey);
    expect(windows.map(shown)).toEqual([
      'Thursday at 8:10 PM to Saturday at 9:21 PM (shabbat-and-yom-tov)',
    ]);
  });

  it('two days of Yom Tov before Shabbat are three days in the diaspora, and separate in Israel', () => {
    const from = at('2027-04-19T12:00:00Z');
    const to = at('2027-05-01T12:00:00Z');
    expect(pauseWindows(from, to, monsey).map(shown)).toEqual([
      'Wednesday at 7:24 PM to Saturday at 8:30 PM (shabbat-and-yom-tov)',
      'Tuesday at 7:30 PM to Thursday at 8:36 PM (yom-tov)',
      'Friday at 7:34 PM to Saturday at 8:39 PM (shabbat)',
    ]);
    const israel = { ...monsey, israel: true, candleLightingMinutes: 40 };
    expect(pauseWindows(from, to, israel).map(shown)).toEqual([
      'Wednesday at 7:02 PM to Thursday at 8:28 PM (yom-tov)',
      'Friday at 7:04 PM to Saturday at 8:30 PM (shabbat)',
      'Tuesday at 7:08 PM to Wednesday at 8:35 PM (yom-tov)',
      'Friday at 7:12 PM to Saturday at 8:39 PM (shabbat)',
    ]);
  });

  it('Rosh Hashana, Yom Kippur and Sukkot are Yom Tov; havdalah may be minutes after sunset', () => {
    const windows = pauseWindows(at('2026-09-08T12:00:00Z'), at('2026-09-29T12:00:00Z'), monsey);
    expect(windows.map((w) => w.kind)).toEqual([
      'shabbat-and-yom-tov', // Rosh Hashana, Saturday and Sunday
      'shabbat',
      'yom-tov', // Yom Kippur, Monday
      'shabbat-and-yom-tov', // Sukkot, Saturday and Sunday
    ]);
    const fifty = pauseWindows(at('2026-12-09T12:00:00Z'), at('2026-12-14T12:00:00Z'), {
      ...monsey,
      havdalah: { minutes: 50 },
    });
    expect(fifty.map(shown)).toEqual(['Friday at 4:09 PM to Saturday at 5:18 PM (shabbat)']);
  });

  it('keeps the local times across the clock changes of March and November', () => {
    const march = pauseWindows(at('2027-03-10T12:00:00Z'), at('2027-03-22T12:00:00Z'), monsey);
    expect(march.map(shown)).toEqual([
      'Friday at 5:41 PM to Saturday at 6:42 PM (shabbat)',
      'Friday at 6:49 PM to Saturday at 7:50 PM (shabbat)',
    ]);
    const november = pauseWindows(at('2026-10-28T12:00:00Z'), at('2026-11-08T12:00:00Z'), monsey);
    expect(november.map(shown)).toEqual([
      'Friday at 5:36 PM to Saturday at 6:36 PM (shabbat)',
      'Friday at 4:27 PM to Saturday at 5:28 PM (shabbat)',
    ]);
  });
});

describe('a campaign over Shabbat', () => {
  // Thursday 8 PM to Sunday 8 PM, December 2026 (New York, standard time).
  const campaign = {
    startsAt: at('2026-12-10T20:00:00-05:00'),
    endsAt: at('2026-12-13T20:00:00-05:00'),
    pauseForShabbat: true,
  };
  const shabbat = { start: at('2026-12-11T16:09:00-05:00'), end: at('2026-12-12T17:14:00-05:00') };
  const shabbatMs = shabbat.end.getTime() - shabbat.start.getTime();

  it('on a Friday afternoon is live until candle lighting, then paused until havdalah', () => {
    const times = campaignTimes(campaign, monsey);
    expect(times.pauses).toEqual([{ ...shabbat, kind: 'shabbat' }]);
    expect(times.endsAt).toEqual(new Date(campaign.endsAt.getTime() + shabbatMs));
    expect(times.pausedMs).toBe(shabbatMs);

    const friday = campaignState(times, at('2026-12-11T14:00:00-05:00'));
    expect(friday).toMatchObject({ state: 'live' });
    expect(giftStart(times, at('2026-12-11T16:08:59-05:00'), zone)).toEqual({
      allowed: true,
      state: 'live',
    });

    const lit = campaignState(times, shabbat.start);
    expect(lit).toMatchObject({ state: 'paused', during: 'live', resumesAt: shabbat.end });
    expect(giftStart(times, shabbat.start, zone)).toEqual({
      allowed: false,
      state: 'paused',
      message:
        'The campaign is paused for Shabbat. It resumes Saturday at 5:14 PM. No payment was started.',
    });
    // The countdown stands still through Shabbat.
    const late = campaignState(times, at('2026-12-12T17:13:00-05:00'));
    expect(msLeft(late)).toBe(msLeft(lit));
    expect(msLeft(friday)! - 2 * HOUR - 9 * 60_000).toBe(msLeft(lit));

    expect(campaignState(times, shabbat.end)).toMatchObject({ state: 'live' });
    expect(giftStart(times, at('2026-12-12T21:00:00-05:00'), zone).allowed).toBe(true);
  });

  it('that would end during Shabbat ends after it, later by the paused time', () => {
    const times = campaignTimes(
      { ...campaign, endsAt: at('2026-12-11T20:00:00-05:00'), openUntil: null },
      monsey,
    );
    // Three hours and 51 minutes were left at candle lighting: they come after havdalah.
    expect(local(times.endsAt)).toBe('Saturday at 9:05 PM');
    expect(times.plannedEndsAt).toEqual(at('2026-12-11T20:00:00-05:00'));
    expect(times.pausedMs).toBe(shabbatMs);
    const friday = campaignState(times, at('2026-12-11T14:00:00-05:00'));
    expect(friday.state === 'live' && countdownText(friday.msLeft).text).toBe('6 hours');
    expect(campaignState(times, at('2026-12-12T21:04:00-05:00'))).toMatchObject({
      state: 'live',
      msLeft: 60_000,
    });
    expect(campaignState(times, times.endsAt)).toEqual({ state: 'ended' });
    expect(giftStart(times, times.endsAt, zone)).toMatchObject({
      allowed: false,
      message:
        'The campaign has ended. No payment was started. You can still give on the donate page.',
    });
  });

  it('keeps its still-open period after the moved end, paused on Shabbat too', () => {
    const times = campaignTimes(
      {
        ...campaign,
        endsAt: at('2026-12-11T12:00:00-05:00'),
        openUntil: at('2026-12-11T20:00:00-05:00'),
      },
      monsey,
    );
    expect(times.endsAt).toEqual(at('2026-12-11T12:00:00-05:00'));
    expect(local(times.openUntil!)).toBe('Saturday at 9:05 PM');
    expect(campaignState(times, at('2026-12-11T13:00:00-05:00'))).toMatchObject({ state: 'open' });
    expect(campaignState(times, at('2026-12-12T10:00:00-05:00'))).toMatchObject({
      state: 'paused',
      during: 'open',
    });
    expect(giftStart(times, at('2026-12-11T13:00:00-05:00'), zone)).toEqual({
      allowed: true,
      state: 'open',
    });
  });

  it('moves the end again when the moved end falls into the next pause (Sukkot 2026)', () => {
    const times = campaignTimes(
      {
        startsAt: at('2026-09-23T12:00:00-04:00'),
        endsAt: at('2026-09-30T18:00:00-04:00'),
        pauseForShabbat: true,
      },
      monsey,
    );
    expect(times.pauses.map(shown)).toEqual([
      'Friday at 6:30 PM to Sunday at 7:26 PM (shabbat-and-yom-tov)',
      'Friday at 6:18 PM to Sunday at 7:14 PM (shabbat-and-yom-tov)',
    ]);
    const [first, second] = times.pauses as [PauseWindow, PauseWindow];
    const span = (w: PauseWindow) => w.end.getTime() - w.start.getTime();
    // Moved once, the end would fall in the second pause: it moves past that one too.
    const movedOnce = new Date(at('2026-09-30T18:00:00-04:00').getTime() + span(first));
    expect(pauseAt(times.pauses, movedOnce)).toBe(second);
    expect(times.pausedMs).toBe(span(first) + span(second));
    expect(times.endsAt.getTime()).toBe(at('2026-09-30T18:00:00-04:00').getTime() + times.pausedMs);
    expect(liveMsBetween(times.startsAt, times.endsAt, times.pauses)).toBe(
      7 * 24 * HOUR + 6 * HOUR,
    );
    expect(pauseAt(times.pauses, times.endsAt)).toBeUndefined();
  });

  it('with pauseForShabbat false runs through Shabbat as planned', () => {
    const times = campaignTimes({ ...campaign, pauseForShabbat: false }, monsey);
    expect(times).toMatchObject({
      endsAt: campaign.endsAt,
      pauses: [],
      pausedMs: 0,
      openUntil: null,
    });
    expect(campaignState(times, at('2026-12-12T10:00:00-05:00'))).toMatchObject({ state: 'live' });
  });

  it('across the March clock change the end moves by exactly the paused time', () => {
    // Thursday 8 PM (standard time) to Sunday 8 PM (daylight time): 71 hours on the wall.
    const times = campaignTimes(
      {
        startsAt: at('2027-03-11T20:00:00-05:00'),
        endsAt: at('2027-03-14T20:00:00-04:00'),
        pauseForShabbat: true,
      },
      monsey,
    );
    expect(times.pauses.map(shown)).toEqual(['Friday at 5:41 PM to Saturday at 6:42 PM (shabbat)']);
    expect(times.pausedMs).toBe(25 * HOUR + 60_000);
    expect(local(times.endsAt)).toBe('Monday at 9:01 PM');
  });

  it('across the November clock change too', () => {
    const times = campaignTimes(
      {
        startsAt: at('2026-10-29T20:00:00-04:00'),
        endsAt: at('2026-11-01T20:00:00-05:00'),
        pauseForShabbat: true,
      },
      monsey,
    );
    expect(times.pausedMs).toBe(25 * HOUR);
    expect(local(times.endsAt)).toBe('Monday at 9:00 PM');
  });

  it('refuses times that end before they start', () => {
    expect(() => campaignTimes({ ...campaign, endsAt: campaign.startsAt }, monsey)).toThrow(
      RangeError,
    );
    expect(() => campaignTimes({ ...campaign, openUntil: campaign.endsAt }, monsey)).toThrow(
      RangeError,
    );
  });
});
