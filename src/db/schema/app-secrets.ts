import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets the application makes for itself on first use (the key that signs links in emails),
 * kept in the database so every instance and every restart agrees on them.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  /** base64url of random bytes. */
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
