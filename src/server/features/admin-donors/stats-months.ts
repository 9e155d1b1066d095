import { sql, type SQL } from 'drizzle-orm';
import { donations } from '~/db/schema';
import { zonedMidnight, zonedParts } from '~/server/lib/zoned-time';

/** The instant a month ('2025-03') begins in `timeZone`: midnight on the 1st, local time. */
export function zonedMonthStart(month: string, timeZone: string): Date {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return zonedMidnight(year, m, 1, timeZone);
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
