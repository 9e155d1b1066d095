import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { donations, donors } from '~/db/schema';
import type { Database, DatabaseExecutor } from '~/db/client';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAudit } from '~/server/services/audit/record-audit';
import type { DonorMergeInput, DonorRecordView } from '~/shared/schemas/donor-records';

/** Records one search answers: enough to choose from on a phone. */
const RECORDS_SHOWN = 20;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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
async function selectRecords(db: DatabaseExecutor, where: SQL, orderFirst: SQL = sql`false`) {
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

/**
 * The records the office looks for: a gift's (`gift`), by part of a name or address (`search`),
 * or the records of one name (the ledger's suggestion for a gift without email), those at `address` first.
 */
export function findDonorRecords(
  db: Database,
  query: { gift?: string; search?: string; name?: string; address?: string },
) {
  if (query.gift) {
    return selectRecords(
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
    return selectRecords(db, sameName, atAddress);
  }
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    return selectRecords(
      db,
      sql`d.name ilike ${pattern} or d.email ilike ${pattern}
        or exists (select 1 from donors a where a.merged_into = d.id and a.email ilike ${pattern})
        or exists (select 1 from donations g where g.donor_id = d.id and g.donor_name ilike ${pattern})`,
    );
  }
  return Promise.resolve([]);
}

/** One kept record as the screens show it; null when there is none of that id. */
export async function donorRecordOf(db: DatabaseExecutor, id: string) {
  const [record] = await selectRecords(db, sql`d.id = ${id}`);
  return record ?? null;
}

/**
 * Record `id` is the same person as `into` (ADR 053): its gifts move to `into`, its email stays
 * as an alias of `into` (later gifts and My giving by it land there; the kept record takes it
 * when it has none of its own), and the audit log says who merged what and why. All or nothing;
 * both records are locked, so two merges of them at once take turns.
 */
export async function mergeDonors(
  db: Database,
  id: string,
  { into, reason }: DonorMergeInput,
  ctx: AuditContext,
) {
  if (id === into) {
    throw new AppError('validation_failed', 'A record cannot be merged into itself.', {
      into: 'Choose another record: this is the same one',
    });
  }
  return db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(donors)
      .where(inArray(donors.id, [id, into]))
      .orderBy(donors.id)
      .for('update');
    const from = locked.find((r) => r.id === id);
    const kept = locked.find((r) => r.id === into);
    if (!from || !kept) {
      throw new AppError('not_found', 'We found no such donor record: reload the list.');
    }
    const already = [from, kept].find((r) => r.mergedInto !== null);
    if (already) {
      throw new AppError(
        'conflict',
        `${already === from ? 'This record' : 'The record to keep'} was already merged into another: reload the list and choose again.`,
      );
    }
    const moved = await tx
      .update(donations)
      .set({ donorId: into })
      .where(eq(donations.donorId, id))
      .returning({ id: donations.id });
    // Records merged into this one before now point at the kept one: an alias is one step away.
    await tx.update(donors).set({ mergedInto: into }).where(eq(donors.mergedInto, id));
    const takesEmail = kept.email === null && from.email !== null;
    await tx
      .update(donors)
      .set({ mergedInto: into, updatedAt: ctx.now, ...(takesEmail ? { email: null } : {}) })
      .where(eq(donors.id, id));
    if (takesEmail) {
      await tx
        .update(donors)
        .set({ email: from.email, updatedAt: ctx.now })
        .where(eq(donors.id, into));
    }
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'donors-merged',
      target: kept.email ?? from.email ?? kept.name,
      details: {
        merged: { id, name: from.name, email: from.email },
        kept: { id: into, name: kept.name, email: kept.email ?? from.email },
        giftsMoved: moved.length,
        reason,
      },
      ip: ctx.ip,
      at: ctx.now,
    });
    return { donor: (await donorRecordOf(tx, into))!, giftsMoved: moved.length };
  });
}
