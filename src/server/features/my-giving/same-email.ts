import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The column holds this (lower-cased) address, however it was typed. */
export const sameEmail = (column: AnyPgColumn, email: string) => sql`lower(${column}) = ${email}`;
