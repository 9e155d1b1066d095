import { z } from 'zod';
import { adminRoles, jobStatuses } from '~/shared/domain';

/** Length rule for admin passwords (characters). Length beats composition rules (NIST 800-63B). */
export const passwordLength = { min: 12, max: 256 } as const;

/**
 * The admin API's contract: route schemas (validation, serialisation, types). The browser's
 * admin screens follow the same shapes.
 */

export const usernamePattern = /^[a-z0-9._-]{3,40}$/;
export const usernameRuleMessage =
  'Username must be 3 to 40 characters: letters, digits, dot, underscore or dash';

/** Trimmed and lower-cased before the rule is checked: names are case-insensitive. */
export const usernameField = z
  .string({ error: 'Username is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Username is required')
  .regex(usernamePattern, usernameRuleMessage);

/** A new password: 12 to 256 characters, spaces allowed, nothing trimmed. */
export const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(passwordLength.min, `Password must be at least ${passwordLength.min} characters`)
  .max(passwordLength.max, `Password must be at most ${passwordLength.max} characters`);

export const roleField = z.enum(adminRoles, { error: 'Role must be owner or admin' });

/** Sign-in checks presence only: the rules of the day must not lock out an older account. */
export const loginInput = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Username is required')
    .max(100, 'Username must be at most 100 characters'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(passwordLength.max, `Password must be at most ${passwordLength.max} characters`),
});

export const adminUserView = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(adminRoles),
});

export const sessionResponse = z.object({ user: adminUserView, csrfToken: z.string() });

export const createAdminInput = z.object({
  username: usernameField,
  password: newPasswordField,
  role: roleField.default('admin'),
});

export const adminAccountView = adminUserView.extend({
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  activeSessions: z.number().int(),
  /** An authenticator app or a passkey (docs/decisions/018-admin-second-factor.md). */
  secondFactor: z.boolean(),
});

export const userIdParams = z.object({ id: z.uuid({ error: 'Unknown user id' }) });

export const jobIdParams = z.object({
  id: z.coerce
    .number({ error: 'Job id must be a number' })
    .int('Job id must be a whole number')
    .min(1, 'Job id must be a whole number'),
});

export const jobsQuery = z.object({
  status: z
    .enum(jobStatuses, { error: 'Status must be pending, running, succeeded or dead' })
    .optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be between 1 and 200')
    .max(200, 'Limit must be between 1 and 200')
    .default(50),
});

const timestamp = z.string().nullable();

export const jobView = z.object({
  id: z.number(),
  kind: z.string(),
  idempotencyKey: z.string(),
  status: z.enum(jobStatuses),
  attempts: z.number(),
  maxAttempts: z.number().nullable(),
  runAt: z.string(),
  lockedUntil: timestamp,
  lockedBy: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: timestamp,
});

export const jobListing = z.object({
  jobs: z.array(jobView),
  counts: z.record(z.enum(jobStatuses), z.number()),
});

export const auditQuery = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be between 1 and 500')
    .max(500, 'Limit must be between 1 and 500')
    .default(100),
});

export const auditEntryView = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.object({ id: z.string(), username: z.string() }).nullable(),
  action: z.string(),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});

/** `GET /api/admin/users` */
export const adminUsersListing = z.object({ users: z.array(adminAccountView) });
/** `POST /api/admin/users` (201) */
export const adminUserCreated = z.object({ user: adminAccountView });
/** `POST /api/admin/users/:id/end-sessions`: how many sessions were ended. */
export const sessionsEnded = z.object({ ended: z.number().int() });
/** `GET /api/admin/audit-log` */
export const auditListing = z.object({ entries: z.array(auditEntryView) });
/** `POST /api/admin/jobs/:id/retry` (409 when the job is not dead). */
export const jobRetried = z.object({ retried: z.literal(true) });

export type AdminUser = z.infer<typeof adminUserView>;
export type AdminSession = z.infer<typeof sessionResponse>;
export type AdminAccount = z.infer<typeof adminAccountView>;
export type LoginInput = z.input<typeof loginInput>;
export type LoginData = z.output<typeof loginInput>;
export type CreateAdminInput = z.input<typeof createAdminInput>;
export type CreateAdminData = z.output<typeof createAdminInput>;
export type JobSummary = z.infer<typeof jobView>;
export type JobListing = z.infer<typeof jobListing>;
export type AuditEntry = z.infer<typeof auditEntryView>;
