import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { erasureRequestStatuses } from '~/shared/domain';
import { adminUsers } from './admin';
import { at, oneOf } from './columns';

/**
 * A link someone asked for to reach 'My giving' (every gift, monthly gift and membership with
 * their address): the signed token carries the link's id and a random nonce, of which only the
 * SHA-256 is kept. It works once, before `expires_at`. `email` is lower-cased.
 */
export const givingLinks = pgTable(
  'giving_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    nonceHash: text('nonce_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('giving_links_nonce_hash_key').on(t.nonceHash)],
);

/**
 * A year-end statement mailed to a donor (lower-cased email) for a calendar year: one row per
 * donor and year, written with the mail's job in one transaction, so the January run sends each
 * statement once however often it runs. `sends` counts the office's re-sends.
 */
export const statementSends = pgTable(
  'statement_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    year: integer('year').notNull(),
    sends: integer('sends').notNull().default(1),
    firstSentAt: at('first_sent_at').notNull(),
    lastSentAt: at('last_sent_at').notNull(),
  },
  (t) => [uniqueIndex('statement_sends_email_year_key').on(t.email, t.year)],
);

/**
 * A donor's request to be forgotten, made from their page; the office confirms it in admin,
 * and the site then erases what it may (docs/decisions/031-donor-privacy-requests.md).
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased; replaced by the anonymised marker once erased. */
    email: text('email').notNull(),
    status: text('status', { enum: erasureRequestStatuses }).notNull().default('requested'),
    requestedAt: at('requested_at').notNull(),
    decidedAt: at('decided_at'),
    decidedBy: uuid('decided_by').references(() => adminUsers.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('erasure_requests_status_idx').on(t.status, t.requestedAt),
    uniqueIndex('erasure_requests_open_email_key')
      .on(t.email)
      .where(sql`${t.status} = 'requested'`),
    check('erasure_requests_status_check', oneOf(t.status, erasureRequestStatuses)),
  ],
);

export type ErasureRequest = typeof erasureRequests.$inferSelect;
