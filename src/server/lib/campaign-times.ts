import { flags, getHolidaysOnDate, HDate, Location, Zmanim } from '@hebcal/core';
import type { SiteConfig } from '~/shared/site-config-schema';
import {
  afterLiveMs,
  liveMsBetween,
  type CampaignTimes,
  type PauseKind,
  type PauseWindow,
} from '~/shared/campaign-clock';

/**
 * Shabbat and Yom Tov as pause windows for a campaign, and the campaign's end moved by them.
 * Server only: @hebcal/core is about 160 kB minified, so the page gets the computed windows
 * (CampaignTimes) and ticks them with src/shared/campaign-clock.ts (ADR 055).
 */

/** Where and by which custom Shabbat is kept: the site's `location` and `timeZone`. */
export type Place = {
  city: string;
  latitude: number;
  longitude: number;
  elevation?: number;
  timeZone: string;
  israel: boolean;
  candleLightingMinutes: number;
  havdalah: { minutes: number } | { degrees: number };
};

export function placeOf(config: Pick<SiteConfig, 'location' | 'timeZone'>): Place {
  return { ...config.location, timeZone: config.timeZone };
}

const DAY_MS = 86_400_000;
/** The longest run of rest days (two days of Yom Tov next to Shabbat) is three. */
const LONGEST_RUN_DAYS = 3;

/** A calendar day as Y-M-D numbers, stepped in UTC so no machine zone or clock change moves it. */
type Day = { year: number; month: number; day: number };

function dayIn(at: Date, timeZone: string): Day {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(at)
    .split('-')
    .map(Number) as [number, number, number];
  return { year, month, day };
}

function addDays(d: Day, days: number): Day {
  const t = new Date(utcOf(d) + days * DAY_MS);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

function hdateOf(d: Day): HDate {
  // HDate reads a Date's local calendar day, so build the Date from local parts.
  return new HDate(new Date(d.year, d.month - 1, d.day));
}

/** Whether work is forbidden on the day (from its evening before): Shabbat or a Yom Tov. */
function restOf(d: Day, il: boolean): { shabbat: boolean; yomTov: boolean } {
  const hd = hdateOf(d);
  const events = getHolidaysOnDate(hd, il) ?? [];
  return {
    shabbat: hd.getDay() === 6,
    yomTov: events.some((e) => (e.getFlags() & flags.CHAG) !== 0),
  };
}

function locationOf(place: Place): Location {
  return new Location(
    place.latitude,
    place.longitude,
    place.israel,
    place.timeZone,
    place.city,
    undefined,
    undefined,
    place.elevation ?? 0,
  );
}

function kindOf(shabbat: boolean, yomTov: boolean): PauseKind {
  if (shabbat && yomTov) return 'shabbat-and-yom-tov';
  return shabbat ? 'shabbat' : 'yom-tov';
}

/**
 * Every Shabbat and Yom Tov window that overlaps [from, to], in order: from candle lighting on
 * the evening before the first rest day to havdalah after the last, so a Yom Tov next to
 * Shabbat is one window (Thursday's candles to Saturday night's havdalah). Yom Tov is the days
 * work is forbidden (Pesach's first and last, Shavuot, Rosh Hashana, Yom Kippur, Sukkot's first,
 * Shemini Atzeret, Simchat Torah), two days each outside Israel. Times are hebcal's: candle
 * lighting rounded to the minute, havdalah rounded up to it (never reopen a moment early).
 */
export function pauseWindows(from: Date, to: Date, place: Place): PauseWindow[] {
  const location = locationOf(place);
  const useElevation = place.elevation !== undefined;
  const first = addDays(dayIn(from, place.timeZone), -LONGEST_RUN_DAYS - 1);
  const last = addDays(dayIn(to, place.timeZone), LONGEST_RUN_DAYS + 1);
  const days = Math.round((utcOf(last) - utcOf(first)) / DAY_MS);
  const windows: PauseWindow[] = [];
  let run: { startDay: Day; shabbat: boolean; yomTov: boolean } | undefined;
  // Past the last day only to close a run still open there.
  for (let i = 0, d = first; i <= days || run; i += 1, d = addDays(d, 1)) {
    const rest = restOf(d, place.israel);
    if (rest.shabbat || rest.yomTov) {
      run = run
        ? { ...run, shabbat: run.shabbat || rest.shabbat, yomTov: run.yomTov || rest.yomTov }
        : { startDay: d, ...rest };
      continue;
    }
    if (!run) continue;
    const start = candleLighting(addDays(run.startDay, -1), location, place, useElevation);
    const end = havdalah(addDays(d, -1), location, place, useElevation);
    if (start < to && end > from) {
      windows.push({ start, end, kind: kindOf(run.shabbat, run.yomTov) });
    }
    run = undefined;
  }
  return windows;
}

function utcOf(d: Day) {
  return Date.UTC(d.year, d.month - 1, d.day);
}

function candleLighting(d: Day, location: Location, place: Place, useElevation: boolean): Date {
  return new Zmanim(location, hdateOf(d), useElevation).sunsetOffset(
    -place.candleLightingMinutes,
    true,
  );
}

function havdalah(d: Day, location: Location, place: Place, useElevation: boolean): Date {
  const zmanim = new Zmanim(location, hdateOf(d), useElevation);
  if ('minutes' in place.havdalah) return zmanim.sunsetOffset(place.havdalah.minutes, true);
  const tzeit = zmanim.tzeit(place.havdalah.degrees).getTime();
  return new Date(Math.ceil(tzeit / 60_000) * 60_000);
}

export type CampaignClockInput = {
  startsAt: Date;
  endsAt: Date;
  openUntil?: Date | null;
  pauseForShabbat: boolean;
};

/**
 * The campaign's computed times: without pauses, its own; with them, the end is where the
 * planned giving time (start to planned end) has passed outside Shabbat and Yom Tov, so it
 * moves later by the time paused and again past any pause the moved end falls in; the
 * still-open period keeps its length after the moved end the same way.
 */
export function campaignTimes(campaign: CampaignClockInput, place: Place): CampaignTimes {
  const { startsAt, endsAt } = campaign;
  const plannedOpenUntil = campaign.openUntil ?? null;
  if (endsAt <= startsAt) throw new RangeError('a campaign ends after it starts');
  if (plannedOpenUntil && plannedOpenUntil <= endsAt) {
    throw new RangeError('the still-open period ends after the campaign');
  }
  const giving = endsAt.getTime() - startsAt.getTime();
  const open = plannedOpenUntil ? plannedOpenUntil.getTime() - endsAt.getTime() : 0;
  if (!campaign.pauseForShabbat) {
    return {
      startsAt,
      plannedEndsAt: endsAt,
      endsAt,
      plannedOpenUntil,
      openUntil: plannedOpenUntil,
      pauses: [],
      pausedMs: 0,
    };
  }
  // Pauses take at most three days in seven: a horizon of twice the span and a week more holds
  // the moved ends; it doubles if ever it does not.
  let horizon = 2 * (giving + open) + 7 * DAY_MS;
  for (;;) {
    const until = new Date(startsAt.getTime() + horizon);
    const all = pauseWindows(startsAt, until, place);
    const movedEnd = afterLiveMs(startsAt, giving, all);
    const movedOpen = plannedOpenUntil ? afterLiveMs(movedEnd, open, all) : null;
    const lastEnd = movedOpen ?? movedEnd;
    if (lastEnd < until) {
      return {
        startsAt,
        plannedEndsAt: endsAt,
        endsAt: movedEnd,
        plannedOpenUntil,
        openUntil: movedOpen,
        pauses: all.filter((p) => p.start < lastEnd),
        pausedMs: movedEnd.getTime() - startsAt.getTime() - liveMsBetween(startsAt, movedEnd, all),
      };
    }
    horizon *= 2;
  }
}
