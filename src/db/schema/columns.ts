import { sql, type SQL } from 'drizzle-orm';
import { timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A point in time. Every timestamp in the schema carries its time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** `column in ('a', 'b')` for a check constraint over a closed list of values. */
export const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

/** When a row was made and last changed, both now unless the insert says otherwise. */
export const timestamps = () => ({
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
