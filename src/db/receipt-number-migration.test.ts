import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseBeforeMigration } from '~tests/helpers/migrations';
import type { DatabaseHandle } from './client';

/**
 * The gifts a site received before receipt numbers existed get theirs from migration 0019, in the
 * order they were received, year by year in the site's time zone (ADR 052); the next gift of a
 * year follows its last.
 */

let site: Awaited<ReturnType<typeof databaseBeforeMigration>>;
let database: DatabaseHandle;
beforeAll(async () => {
  site = await databaseBeforeMigration(19);
  database = site.database;
});
afterAll(() => site.close());

it('numbers the gifts received before it, in order, per year of the site, and the next follows', async () => {
  const { db } = database;
  await db.execute(sql`
    insert into donations (donor_name, amount_cents, donation_type, payment_method, payment_status, donated_at)
    values
      ('Third of 2025', 100, 'onetime', 'stripe', 'succeeded', '2025-08-01T12:00:00Z'),
      ('First of 2025', 100, 'onetime', 'ojc', 'succeeded', '2025-01-01T06:00:00Z'),
      ('Last of 2024 in New York', 100, 'onetime', 'stripe', 'refunded', '2025-01-01T03:00:00Z'),
      ('Second of 2025', 100, 'subscription', 'stripe', 'disputed', '2025-03-01T12:00:00Z'),
      ('Never paid', 100, 'onetime', 'stripe', 'pending', null),
      ('Declined', 100, 'onetime', 'ojc', 'failed', '2025-04-01T12:00:00Z')
  `);
  await site.migrateRest();
  const numbered = (await db.execute(
    sql`select donor_name, receipt_number from donations order by donor_name`,
  )) as unknown as { rows: { donor_name: string; receipt_number: string | null }[] };
  expect(Object.fromEntries(numbered.rows.map((r) => [r.donor_name, r.receipt_number]))).toEqual({
    Declined: null,
    'First of 2025': '2025-000001',
    'Last of 2024 in New York': '2024-000001',
    'Never paid': null,
    'Second of 2025': '2025-000002',
    'Third of 2025': '2025-000003',
  });
  const next = (await db.execute(sql`
    insert into donations (amount_cents, donation_type, payment_method, payment_status, donated_at)
    values (100, 'onetime', 'stripe', 'succeeded', '2025-09-01T12:00:00Z')
    returning receipt_number`)) as unknown as { rows: { receipt_number: string }[] };
  expect(next.rows[0]!.receipt_number).toBe('2025-000004');
});
