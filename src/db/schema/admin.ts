import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { adminRoles } from '../../shared/domain';
import { at, oneOf } from './columns';

/** The people who may enter the admin area. See docs/decisions/006-admin-sessions.md. */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased on the way in, so the unique index makes names case-insensitive. */
    username: text('username').notNull(),
    /** argon2id, PHC string (parameters inside it). */
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: adminRoles }).notNull().default('admin'),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSignInAt: at('last_sign_in_at'),
    passwordChangedAt: at('password_changed_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admin_users_username_key').on(t.username),
    check('admin_users_username_check', sql`${t.username} ~ '^[a-z0-9._-]{3,40}$'`),
    check('admin_users_role_check', oneOf(t.role, adminRoles)),
  ],
);

/**
 * Signed-in browsers. The cookie carries a random id; only its SHA-256 is stored, so a copy of
 * this table signs nobody in.
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    /** Sent back in `x-csrf-token` on every state-changing call. */
    csrfToken: text('csrf_token').notNull(),
    createdAt: at('created_at').notNull(),
    /** Touched at most once a minute; the idle timeout counts from it. */
    lastSeenAt: at('last_seen_at').notNull(),
    /** The absolute lifetime: created_at + ADMIN_SESSION_MAX_HOURS. */
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    index('admin_sessions_user_id_idx').on(t.userId),
    index('admin_sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Failed sign-ins, counted per key: `ip:<ip>`, `pair:<username> <ip>` and `user:<username>`.
 * In the database so that several app instances share the counts.
 */
export const adminLoginThrottle = pgTable(
  'admin_login_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    firstFailureAt: at('first_failure_at').notNull(),
    lastFailureAt: at('last_failure_at').notNull(),
    /** No attempt for this key is checked before this time. */
    blockedUntil: at('blocked_until'),
  },
  (t) => [index('admin_login_throttle_last_failure_at_idx').on(t.lastFailureAt)],
);

/**
 * Who did what in the admin area. The actor's name is copied, not joined, so the history
 * outlives a removed account. Never a password or a token in `details`.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: at('at').notNull(),
    /** Null for a failed sign-in or the command line. */
    actorId: uuid('actor_id'),
    actorUsername: text('actor_username'),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [index('admin_audit_log_at_idx').on(t.at)],
);

export type AdminUser = typeof adminUsers.$inferSelect;
export type AdminSession = typeof adminSessions.$inferSelect;
export type AdminAuditRow = typeof adminAuditLog.$inferSelect;
