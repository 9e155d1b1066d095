import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, secondConnection } from '~tests/helpers/database';
import type { DatabaseHandle } from './client';

/**
 * Two instances taking gifts of an address never seen before, at once, make one donor record
 * (migration 0023, ADR 053): the unique index on the lower-cased email decides, and the second
 * insert takes the first's record. On PostgreSQL the second really waits for the first.
 */

let database: DatabaseHandle & { url?: string };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

type Rows = { rows: Record<string, unknown>[] };
const giftOf = (email: string, cents: number) => sql`
  insert into donations (donor_name, email, amount_cents, donation_type, payment_method, payment_status)
  values ('New Donor', ${email}, ${cents}, 'onetime', 'stripe', 'pending')`;
const recordsOf = async (email: string) => {
  const result = (await database.db.execute(sql`
    select count(distinct d.id)::int as records, count(g.id)::int as gifts,
      count(distinct g.donor_id)::int as gift_records
    from donors d left join donations g on g.donor_id = d.id
    where lower(d.email) = ${email}`)) as unknown as Rows;
  return result.rows[0];
};

it('makes one record of an address two instances take gifts of at once', async () => {
  const other = await secondConnection(database);
  try {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? database : other).db.execute(
          giftOf(i % 3 === 0 ? 'Both@Example.org' : 'both@example.org', 100 + i),
        ),
      ),
    );
  } finally {
    if (other !== database) await other.close();
  }
  expect(await recordsOf('both@example.org')).toEqual({ records: 1, gifts: 20, gift_records: 1 });

  if (database.driver !== 'postgres') return;
  // The first instance's transaction holds a new address's record, uncommitted; the second's
  // gift of it waits on the unique index, then takes that record when the first commits.
  const first = new pg.Client({ connectionString: database.url });
  const second = new pg.Client({ connectionString: database.url });
  await Promise.all([first.connect(), second.connect()]);
  try {
    await first.query('begin');
    await first.query(
      `insert into donations (email, amount_cents, donation_type, payment_method, payment_status)
       values ('race@example.org', 100, 'onetime', 'stripe', 'pending')`,
    );
    let waited = true;
    const racing = second
      .query(
        `insert into donations (email, amount_cents, donation_type, payment_method, payment_status)
         values ('RACE@example.org', 200, 'onetime', 'stripe', 'pending')`,
      )
      .finally(() => {
        waited = false;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(waited).toBe(true);
    await first.query('commit');
    await racing;
  } finally {
    await Promise.all([first.end(), second.end()]);
  }
  expect(await recordsOf('race@example.org')).toEqual({ records: 1, gifts: 2, gift_records: 1 });
});
