import { count, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { DatabaseExecutor } from '~/db/client';

/** Which slice of a list a request asks for (`pageQueryFields` in the shared schemas). */
export interface Page {
  limit: number;
  offset: number;
}

/**
 * One page of a list and how many rows match its filter, read side by side: what the admin
 * lists and the public video and comment lists answer. `rows` is the list's query, filtered and
 * ordered (with an id to break ties, so pages never repeat or skip a row) and made `$dynamic()`;
 * the page is applied here. The count reads `from` under the same `where`.
 */
export async function pageOf<Q extends PgSelect>(
  db: DatabaseExecutor,
  rows: Q,
  counted: { from: PgTable; where: SQL | undefined },
  { limit, offset }: Page,
): Promise<{ rows: Awaited<Q>; total: number }> {
  const [found, [totals]] = await Promise.all([
    // In dynamic mode limit and offset return the same builder, which TypeScript cannot see in a generic.
    rows.limit(limit).offset(offset) as Q,
    db.select({ total: count() }).from(counted.from).where(counted.where),
  ]);
  return { rows: found, total: totals?.total ?? 0 };
}
