import { asc, count, desc, sql } from 'drizzle-orm';
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

/** One page of donor records, newest first unless asked otherwise, and how many match. */
export async function listDonors(db: Database, query: DonorListQuery, timeZone: string) {
  const { sort, order, limit, offset } = query;
  const where = donorWhere(query, timeZone);
  const direction = order === 'asc' ? asc : desc;
  const sortColumn = sort === 'amount' ? donations.amountCents : donations.createdAt;
  const countLimit = offset + (query.search ? SEARCH_COUNT_AHEAD : COUNT_AHEAD);
  const matching = db
    .select({ one: sql`1` })
    .from(donations)
    .where(where)
    .limit(countLimit + 1)
    .as('matching');
  const [rows, [counted]] = await Promise.all([
    db
      .select(donorColumns)
      .from(donations)
      .where(where)
      // The id breaks ties, so pages never repeat or skip a row.
      .orderBy(direction(sortColumn), direction(donations.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(matching),
  ]);
  const n = counted?.n ?? 0;
  return {
    donors: rows.map(serializeDonor),
    total: Math.min(n, countLimit),
    totalIsExact: n <= countLimit,
    offset,
    limit,
  };
}
