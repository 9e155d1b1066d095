import { sql } from 'drizzle-orm';
import { type AnyPgColumn, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/**
 * One row per person who gives (ADR 053): their card, OJC and offline gifts point here through
 * `donations.donor_id`, which a trigger fills on every insert (migration 0023). `email` is kept
 * lower-cased and names at most one record; a record merged into another keeps its email as an
 * alias (`merged_into` set), so later gifts and sign-ins by it land on the kept record.
 */
export const donors = pgTable(
  'donors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email'),
    name: text('name'),
    postalAddress: text('postal_address'),
    /** The record this one turned out to be the same person as; its gifts are all there. */
    mergedInto: uuid('merged_into').references((): AnyPgColumn => donors.id),
    ...timestamps(),
  },
  (t) => [uniqueIndex('donors_email_key').on(sql`lower(${t.email})`)],
);

export type DonorRecordRow = typeof donors.$inferSelect;
