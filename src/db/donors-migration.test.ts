import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseBeforeMigration } from '~tests/helpers/migrations';
import type { DatabaseHandle } from './client';

/**
 * The gifts a site received before donor records existed get theirs from migration 0023 (ADR
 * 053): one per lower-cased email, named by its latest gift; without email, one per exact name
 * and address. A gift after it finds its record by email.
 */

let site: Awaited<ReturnType<typeof databaseBeforeMigration>>;
let database: DatabaseHandle;
beforeAll(async () => {
  site = await databaseBeforeMigration(23);
  database = site.database;
});
afterAll(() => site.close());

type Row = Record<string, string | null>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

it('makes one record per email and per name and address, and later gifts find theirs', async () => {
  const { db } = database;
  await db.execute(sql`
    insert into donations (donor_name, email, postal_address, amount_cents, donation_type, payment_method, offline_method, payment_status, created_at)
    values
      ('Old Name', 'Rivka@Example.org', null, 100, 'onetime', 'stripe', null, 'succeeded', '2025-01-01T12:00:00Z'),
      ('Rivka Levi', 'rivka@example.org', null, 200, 'onetime', 'ojc', null, 'succeeded', '2025-02-01T12:00:00Z'),
      ('Rivka Levi', 'rivka@example.org', '1 Main St', 300, 'onetime', 'offline', 'check', 'succeeded', '2025-03-01T12:00:00Z'),
      ('Moshe Katz', null, '5 Elm St', 400, 'onetime', 'offline', 'cash', 'succeeded', '2025-03-02T12:00:00Z'),
      ('Moshe Katz', null, '5 Elm St', 500, 'onetime', 'offline', 'check', 'succeeded', '2025-03-03T12:00:00Z'),
      ('Moshe Katz', null, '9 Oak St', 600, 'onetime', 'offline', 'cash', 'succeeded', '2025-03-04T12:00:00Z'),
      (null, null, null, 700, 'onetime', 'stripe', null, 'pending', '2025-03-05T12:00:00Z')
  `);
  await site.migrateRest();
  const donors = rowsOf(
    await db.execute(sql`
      select d.email, d.name, d.postal_address, string_agg(g.amount_cents::text, ',' order by g.amount_cents) as gifts
      from donors d join donations g on g.donor_id = d.id
      group by d.id order by gifts`),
  );
  expect(donors).toEqual([
    {
      email: 'rivka@example.org',
      name: 'Rivka Levi',
      postal_address: '1 Main St',
      gifts: '100,200,300',
    },
    { email: null, name: 'Moshe Katz', postal_address: '5 Elm St', gifts: '400,500' },
    { email: null, name: 'Moshe Katz', postal_address: '9 Oak St', gifts: '600' },
  ]);
  const unnamed = rowsOf(
    await db.execute(sql`select donor_id from donations where amount_cents = 700`),
  );
  expect(unnamed).toEqual([{ donor_id: null }]);

  const later = rowsOf(
    await db.execute(sql`
      insert into donations (donor_name, email, amount_cents, donation_type, payment_method, payment_status)
      values ('Rivka', 'RIVKA@example.org', 800, 'onetime', 'stripe', 'pending')
      returning donor_id`),
  );
  const [rivka] = rowsOf(
    await db.execute(sql`select id from donors where email = 'rivka@example.org'`),
  );
  expect(later[0]!.donor_id).toBe(rivka!.id);
});
