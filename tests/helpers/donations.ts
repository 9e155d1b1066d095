import { randomBytes } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { donations } from '~/db/schema';

type DonationInsert = typeof donations.$inferInsert;

/**
 * Donor records written straight into the database, for the admin screens' tests: a succeeded
 * one-time card gift of $72 unless told otherwise. `updatedAt` follows `createdAt`, as if the
 * row had not changed since.
 */
export function donationRow(overrides: Partial<DonationInsert> = {}): DonationInsert {
  const createdAt = overrides.createdAt ?? new Date();
  const method = overrides.paymentMethod ?? 'stripe';
  return {
    donorName: 'Sarah Cohen',
    email: 'sarah@example.org',
    amountCents: 7200,
    donationType: 'onetime',
    paymentMethod: method,
    paymentStatus: 'succeeded',
    stripePaymentIntentId: method === 'stripe' ? `pi_test_${randomBytes(8).toString('hex')}` : null,
    updatedAt: createdAt,
    donatedAt: createdAt,
    ...overrides,
    createdAt,
  };
}

const columns = getTableColumns(donations);
type Field = keyof typeof columns;

/**
 * Inserts the rows naming only the columns given (not every column of the schema, as Drizzle's
 * insert does), so these fixtures keep working while a column is added elsewhere.
 */
export async function insertDonations(
  app: FastifyInstance,
  rows: Partial<DonationInsert>[],
): Promise<{ id: string }[]> {
  const ids: { id: string }[] = [];
  for (const partial of rows) {
    const row = donationRow(partial);
    const fields = (Object.keys(row) as Field[]).filter((f) => row[f] !== undefined);
    const names = sql.join(
      fields.map((f) => sql.identifier(columns[f].name)),
      sql`, `,
    );
    const values = sql.join(
      fields.map((f) => {
        const value = row[f];
        return value instanceof Date ? sql`${value.toISOString()}::timestamptz` : sql`${value}`;
      }),
      sql`, `,
    );
    const result = await app.database.db.execute<{ id: string }>(
      sql`insert into donations (${names}) values (${values}) returning id`,
    );
    ids.push(...(result as unknown as { rows: { id: string }[] }).rows);
  }
  return ids;
}
