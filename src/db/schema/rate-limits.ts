import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The public forms' request counts, one row per route and client, shared by every app instance
 * (docs/decisions/015-shared-rate-limit-store.md). A fixed window: `hits` counts the requests
 * since the window opened, and the next request after `resets_at` opens a new one.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    /** `<route>|<client>`, e.g. `POST /api/contact|203.0.113.9`. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  // Expired rows are deleted now and then (src/server/plugins/rate-limit-store.ts).
  (t) => [index('rate_limit_hits_resets_at_idx').on(t.resetsAt)],
);
