import { HDate } from '@hebcal/core';
import { zonedMidnight } from '~/server/lib/zoned-time';

/**
 * The weeks of the prayer list, Sunday to Shabbat as the Jewish week runs, named by their
 * Sunday's ISO date, with Hebrew dates from @hebcal/core. Dates are calendar dates (YYYY-MM-DD),
 * computed in UTC so the server's own time zone never shifts them.
 */

const dayMs = 24 * 60 * 60 * 1000;

const utc = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const iso = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(isoDate: string, days: number): string {
  return iso(new Date(utc(isoDate).getTime() + days * dayMs));
}

/** The Sunday that starts the week of `isoDate`. */
export function weekStartOf(isoDate: string): string {
  return addDays(isoDate, -utc(isoDate).getUTCDay());
}

export interface HebrewDate {
  /** In Hebrew letters, e.g. ט״ז כסלו תשפ״ז. */
  hebrew: string;
  /** In English, e.g. 16th of Kislev, 5787. */
  english: string;
}

/** The Hebrew date of a civil day (the daytime part of it: before the evening's new date). */
export function hebrewDateOf(isoDate: string): HebrewDate {
  const date = utc(isoDate);
  const hd = new HDate(new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  return { hebrew: hd.renderGematriya(true), english: hd.render('en') };
}

export interface PrayerWeek {
  /** Sunday and Shabbat. */
  start: string;
  end: string;
  hebrewStart: HebrewDate;
  hebrewEnd: HebrewDate;
}

export function prayerWeek(isoDate: string): PrayerWeek {
  const start = weekStartOf(isoDate);
  const end = addDays(start, 6);
  return { start, end, hebrewStart: hebrewDateOf(start), hebrewEnd: hebrewDateOf(end) };
}

/** The moment a calendar day begins in `timeZone` (midnight there). */
export function startOfDayIn(isoDate: string, timeZone: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return zonedMidnight(y, m, d, timeZone);
}
