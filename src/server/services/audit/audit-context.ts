import type { AdminIdentity } from '~/server/auth/sessions';

/** Who acts, from where, and when: what every admin operation records in the audit log. */
export interface AuditContext {
  /** Null on the command line. */
  actor: AdminIdentity | null;
  ip: string | null;
  now: Date;
}

/** The audit context of an admin request: its signed-in admin and address, at `now`. */
export function auditContextOf(
  request: { adminUser: AdminIdentity | null | undefined; ip: string },
  now: Date,
): AuditContext {
  return { actor: request.adminUser ?? null, ip: request.ip, now };
}
