import { asc, count, desc, sql, type SQL } from 'drizzle-orm';
import { donations } from '~/db/schema';
import type { Database } from '~/db/client';
import { donorWhere } from './donor-filters';
import type { DonorListQuery } from '~/shared/schemas/admin-donors';
import { donorColumns, serializeDonor } from './serialize-donor';

/**
 * How far past the page the count looks. Counting every match of a broad filter over a million
 * rows costs a full scan; beyond this the answer is "more than N" (`totalIsExact: false`), which
 * still tells the screen there is a next page.
 */
export const COUNT_AHEAD = 10_000;
/**
 * The same for a search: each row it counts is matched by text (ILIKE on two columns), and a broad
 * term at a million rows would read about 80,000 of them to find 10,000 (ADR 030).
 */
export const SEARCH_COUNT_AHEAD = 1_000;

/** The rows `where` selects, counted up to `countLimit + 1`. */
async function countMatching(db: Database, where: SQL | undefined, countLimit: number) {
  const matching = db
    .select({ one: sql`1` })
    .from(donations)
    .where(where)
    .limit(countLimit + 1)
    .as('matching');
  const [counted] = await db.select({ n: count() }).from(matching);
  return counted?.n ?? 0;
}

/** One page of donor records, newest first unless asked otherwise, and how many match. */
export async function listDonors(db: Database, query: DonorListQuery, timeZone: string) {
  const { sort, order, limit, offset } = query;
  const where = donorWhere(query, timeZone);
  const direction = order === 'asc' ? asc : desc;
  const sortColumn = sort === 'amount' ? donations.amountCents : donations.createdAt;
  const countLimit = offset + (query.search ? SEARCH_COUNT_AHEAD : COUNT_AHEAD);
  const rows = await db
    .select(donorColumns)
    .from(donations)
    .where(where)
    // The id breaks ties, so pages never repeat or skip a row.
    .orderBy(direction(sortColumn), direction(donations.id))
    .limit(limit)
    .offset(offset);
  // A page that is not full, and not past the end, is the end: the count is known without
  // reading the matches again (a search that finds one donor, or none, costs one scan, ADR 030).
  const n =
    rows.length < limit && (rows.length > 0 || offset === 0)
      ? offset + rows.length
      : await countMatching(db, where, countLimit);
  return {
    donors: rows.map(serializeDonor),
    total: Math.min(n, countLimit),
    totalIsExact: n <= countLimit,
    offset,
    limit,
  };
}
