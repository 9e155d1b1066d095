/**
 * Dates of recurring sessions, as `YYYY-MM-DD` calendar dates (no time of day, no zone). Apart
 * from src/shared/schedule.ts so the home page loads only these few lines.
 */

const isoPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parts(iso: string): [number, number, number] {
  const match = isoPattern.exec(iso);
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${iso}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export const pad = (n: number, width = 2) => String(n).padStart(width, '0');

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
