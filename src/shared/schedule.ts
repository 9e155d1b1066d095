/** Dates of recurring sessions, as `YYYY-MM-DD` calendar dates (no time of day, no zone). */

import { parts } from './session-dates';

export { addMonthsToDate, nextSessionDate } from './session-dates';

/** One formatter per zone: making one costs far more than formatting (every page view asks). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The last date worked out per zone, by the minute it was for. Every zone's offset today is a
 * whole number of minutes, so a date changes only on a minute boundary: a page view within the
 * same minute reuses it (formatting, through the Temporal polyfill's Intl, cost about 4% of a
 * cached page's CPU).
 */
const lastDates = new Map<string, { minute: number; date: string }>();

/** The calendar date of `at` in `timeZone`. */
export function isoDateIn(at: Date, timeZone: string): string {
  const minute = Math.floor(at.getTime() / 60_000);
  const last = lastDates.get(timeZone);
  if (last?.minute === minute) return last.date;
  const date = formatDateIn(at, timeZone);
  lastDates.set(timeZone, { minute, date });
  return date;
}

function formatDateIn(at: Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** `2025-09-07` as 'Sunday, September 7, 2025'. */
export function formatLongDate(iso: string): string {
  const [year, month, day] = parts(iso);
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * `date` plus `months`, on the same day of the month (or the month's last day: a gift started
 * on January 31st is charged on February 28th, then March 31st). UTC, time of day kept.
 */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}
