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
