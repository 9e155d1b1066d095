/** Dates of recurring sessions, as `YYYY-MM-DD` calendar dates (no time of day, no zone). */

const isoPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(iso: string): [number, number, number] {
  const match = isoPattern.exec(iso);
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${iso}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `iso` plus `months`, on the same day (or the month's last day when it is shorter). */
export function addMonthsToDate(iso: string, months: number): string {
  const [year, month, day] = parts(iso);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${pad(y, 4)}-${pad(m)}-${pad(Math.min(day, lastDay))}`;
}

/**
 * The first session on or after `today` of a series starting at `first` and repeating every
 * `everyMonths`: a configured date that has passed rolls forward rather than being announced.
 */
export function nextSessionDate(first: string, everyMonths: number, today: string): string {
  let session = first;
  for (let k = 1; session < today; k += 1) session = addMonthsToDate(first, k * everyMonths);
  return session;
}

/** The calendar date of `at` in `timeZone`. */
export function isoDateIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
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
