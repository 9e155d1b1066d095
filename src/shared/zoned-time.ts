/** Calendar arithmetic in a named time zone (the site's, e.g. America/New_York), with Intl only. */

/** The calendar parts of `instant` as the clock in `timeZone` shows them. */
export function zonedParts(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/**
 * `instant` as 'YYYY-MM-DD HH:MM' on `timeZone`'s clock: how every CSV export writes a time
 * (as the database's `to_char(… at time zone …, 'YYYY-MM-DD HH24:MI')` does in the donors').
 */
export function zonedMinute(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
}

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in ms (New York: −4 or −5 hours). */
function zoneOffset(instant: Date, timeZone: string) {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a calendar day (month 1–12) begins in `timeZone`: midnight there. */
export function zonedMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  // The offset at the guess, then again at the answer: right across a change of clocks.
  const guess = wall - zoneOffset(new Date(wall), timeZone);
  return new Date(wall - zoneOffset(new Date(guess), timeZone));
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The instant `date` ('YYYY-MM-DD') at `time` ('HH:MM') on `timeZone`'s clock, or null when
 * that clock never shows it (the hour skipped when the clocks go forward). In the hour shown
 * twice when they go back, the first.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(wall)) return null;
  // A zone changes its offset at most once a day: the offsets a day either side are the only
  // candidates. The larger gives the earlier instant (the first of an hour shown twice); a time
  // neither gives back is in the hour skipped.
  const offsets = [wall - 86_400_000, wall + 86_400_000].map((t) =>
    zoneOffset(new Date(t), timeZone),
  );
  for (const offset of offsets.sort((a, b) => b - a)) {
    const instant = new Date(wall - offset);
    if (zonedWall(instant, timeZone) === `${date}T${time}`) return instant;
  }
  return null;
}

function zonedWall(instant: Date, timeZone: string) {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** `instant` as the date and time fields show it on `timeZone`'s clock. */
export function zonedDateAndTime(instant: Date, timeZone: string) {
  const [date, time] = zonedWall(instant, timeZone).split('T') as [string, string];
  return { date, time };
}

/** `instant` in ISO 8601 with `timeZone`'s offset then: '2026-12-13T20:00:00-05:00'. */
export function zonedIso(instant: Date, timeZone: string): string {
  const offset = Math.round(zoneOffset(instant, timeZone) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const { date, time } = zonedDateAndTime(instant, timeZone);
  const seconds = two(zonedParts(instant, timeZone).second);
  return `${date}T${time}:${seconds}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}
