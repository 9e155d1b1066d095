import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseExecutor } from '~/db/client';
import type { DonorRecordView } from '~/shared/schemas/donor-records';

/** Records one search answers: enough to choose from on a phone. */
const RECORDS_SHOWN = 20;

interface RecordRow extends Record<string, unknown> {
  id: string;
  name: string | null;
  email: string | null;
  other_emails: string[] | null;
  postal_address: string | null;
  gifts: number | string;
  last_gift_at: string | Date | null;
}

/**
 * Kept records (never one merged away) matching `where`, each with its latest name and address,
 * the addresses merged into it and its gifts. Table aliases are written out: inside the
 * subqueries a bare column would be the subquery's own.
 */
export async function selectDonorRecords(
  db: DatabaseExecutor,
  where: SQL,
  orderFirst: SQL = sql`false`,
) {
  const result = (await db.execute(sql`
    select d.id, d.email,
      coalesce((select g.donor_name from donations g where g.donor_id = d.id and g.donor_name is not null
        order by g.created_at desc limit 1), d.name) as name,
      coalesce(d.postal_address, (select g.postal_address from donations g where g.donor_id = d.id
        and g.postal_address is not null order by g.created_at desc limit 1)) as postal_address,
      (select array_agg(a.email order by a.email) from donors a
        where a.merged_into = d.id and a.email is not null) as other_emails,
      (select count(*) from donations g where g.donor_id = d.id) as gifts,
      (select max(g.created_at) from donations g where g.donor_id = d.id) as last_gift_at,
      ${orderFirst} as first
    from donors d
    where d.merged_into is null and (${where})
    order by first desc, last_gift_at desc nulls last, d.id
    limit ${RECORDS_SHOWN}`)) as unknown as { rows: RecordRow[] };
  return result.rows.map((r): DonorRecordView => ({
    id: r.id,
    name: r.name,
    email: r.email,
    otherEmails: r.other_emails ?? [],
    postalAddress: r.postal_address,
    gifts: Number(r.gifts),
    lastGiftAt: r.last_gift_at === null ? null : new Date(r.last_gift_at).toISOString(),
  }));
}

/** One kept record as the screens show it; null when there is none of that id. */
export async function donorRecordOf(db: DatabaseExecutor, id: string) {
  const [record] = await selectDonorRecords(db, sql`d.id = ${id}`);
  return record ?? null;
}
