import { sql } from 'drizzle-orm';
import type { Database } from '~/db/client';
import { selectDonorRecords } from './select-donor-records';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The records the office looks for: a gift's (`gift`), by part of a name or address (`search`),
 * or the records of one name (the ledger's suggestion for a gift without email), those at `address` first.
 */
export function findDonorRecords(
  db: Database,
  query: { gift?: string; search?: string; name?: string; address?: string },
) {
  if (query.gift) {
    return selectDonorRecords(
      db,
      sql`d.id = (select g.donor_id from donations g where g.id = ${query.gift})`,
    );
  }
  if (query.name) {
    const name = query.name.toLowerCase();
    const sameName = sql`lower(trim(d.name)) = ${name} or exists (select 1 from donations g
      where g.donor_id = d.id and lower(trim(g.donor_name)) = ${name})`;
    const address = query.address?.toLowerCase() ?? null;
    const atAddress = sql`(${address}::text is not null and (lower(trim(d.postal_address)) = ${address}
      or exists (select 1 from donations g where g.donor_id = d.id and lower(trim(g.postal_address)) = ${address})))`;
    return selectDonorRecords(db, sameName, atAddress);
  }
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    return selectDonorRecords(
      db,
      sql`d.name ilike ${pattern} or d.email ilike ${pattern}
        or exists (select 1 from donors a where a.merged_into = d.id and a.email ilike ${pattern})
        or exists (select 1 from donations g where g.donor_id = d.id and g.donor_name ilike ${pattern})`,
    );
  }
  return Promise.resolve([]);
}
