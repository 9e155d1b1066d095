import { sql, type SQL } from 'drizzle-orm';
import { donations } from '~/db/schema';

/** The calendar parts of `instant` as the clock in `timeZone` shows them. */
function zonedParts(instant: Date, timeZone: string) {
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

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in ms (New York: −4 or −5 hours). */
function zoneOffset(instant: Date, timeZone: string) {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a month ('2025-03') begins in `timeZone`: midnight on the 1st, local time. */
export function zonedMonthStart(month: string, timeZone: string): Date {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const wall = Date.UTC(year, m - 1, 1);
  // The offset at the guess, then again at the answer: right across a change of clocks.
  const guess = wall - zoneOffset(new Date(wall), timeZone);
  return new Date(wall - zoneOffset(new Date(guess), timeZone));
}

/** The twelve months ending with the one `now` falls in, oldest first: ['2025-02', …]. */
export function lastTwelveMonths(now: Date, timeZone: string): string[] {
  const { year, month } = zonedParts(now, timeZone);
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - 11 + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/**
 * Which of `months` a row falls in, or null before the first: compared with each month's start
 * as an instant, newest first. Much cheaper per row than converting every created_at to local
 * time, which took most of a stats call at a million rows.
 */
export function monthOfRow(months: string[], timeZone: string): SQL<string | null> {
  if (months.length === 0) return sql<null>`null`;
  const branches = [...months]
    .reverse()
    .map(
      (month) =>
        sql`when ${donations.createdAt} >= ${zonedMonthStart(month, timeZone).toISOString()}::timestamptz then ${month}`,
    );
  return sql<string | null>`(case ${sql.join(branches, sql` `)} end)`;
}
