import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { adminRoles } from '~/shared/domain';
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

/**
 * Second factors (docs/decisions/018-admin-second-factor.md). An account has one when its
 * authenticator app is switched on or it has a passkey; recovery codes only stand in for those.
 */

/**
 * The account's authenticator app (TOTP). The secret is sealed with AES-256-GCM (the account's
 * id as associated data) and never leaves the server after enrolment. `enabled_at` is null
 * between setting it up and confirming it with a first code. `last_used_step` is the time step
 * of the last code accepted: a code of that step or an earlier one is refused (no replay).
 */
export const adminTotp = pgTable('admin_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => adminUsers.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: at('enabled_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: at('created_at').notNull(),
});

/** One-time recovery codes: only the SHA-256 of each (80 random bits), marked when used. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: at('created_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('admin_recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/** WebAuthn credentials (passkeys, security keys), used as the second factor after a password. */
export const adminPasskeys = pgTable(
  'admin_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    /** base64url, as the browser reports it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for those that keep none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** What the administrator called it ("Office laptop"). */
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('admin_passkeys_credential_id_key').on(t.credentialId),
    index('admin_passkeys_user_id_idx').on(t.userId),
    check('admin_passkeys_name_check', sql`char_length(${t.name}) between 1 and 60`),
  ],
);

export const pendingSignInStages = ['second-factor', 'enrolment'] as const;

/**
 * A sign-in whose password was right and that waits for its second step: the second factor, or
 * (when the site requires one and the account has none) enrolling one. The browser holds a random
 * token in an HttpOnly cookie; only its SHA-256 is kept. Single use, a few minutes.
 */
export const adminPendingSignIns = pgTable(
  'admin_pending_sign_ins',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: pendingSignInStages }).notNull(),
    /** Wrong codes given for this sign-in; too many ends it. */
    failures: integer('failures').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    index('admin_pending_sign_ins_expires_at_idx').on(t.expiresAt),
    check('admin_pending_sign_ins_stage_check', oneOf(t.stage, pendingSignInStages)),
  ],
);

export const webauthnCeremonies = ['registration', 'authentication'] as const;

/**
 * The WebAuthn challenge a browser was given, bound to what asked for it (a session's or a
 * pending sign-in's token hash): one per ceremony, replaced by the next, deleted when used.
 */
export const adminWebauthnChallenges = pgTable(
  'admin_webauthn_challenges',
  {
    boundTo: text('bound_to').notNull(),
    ceremony: text('ceremony', { enum: webauthnCeremonies }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.boundTo, t.ceremony] }),
    index('admin_webauthn_challenges_expires_at_idx').on(t.expiresAt),
    check('admin_webauthn_challenges_ceremony_check', oneOf(t.ceremony, webauthnCeremonies)),
  ],
);

/** The admin area's site-wide security settings: one row (id 1), absent until first set. */
export const adminSecuritySettings = pgTable(
  'admin_security_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Every administrator must have a second factor; one without enrols right after the password. */
    requireSecondFactor: boolean('require_second_factor').notNull().default(false),
    updatedAt: at('updated_at').notNull(),
    updatedBy: text('updated_by'),
  },
  (t) => [check('admin_security_settings_single_row', sql`${t.id} = 1`)],
);

export type AdminUser = typeof adminUsers.$inferSelect;
export type AdminSession = typeof adminSessions.$inferSelect;
export type AdminAuditRow = typeof adminAuditLog.$inferSelect;
export type AdminPasskey = typeof adminPasskeys.$inferSelect;
export type AdminPendingSignIn = typeof adminPendingSignIns.$inferSelect;
