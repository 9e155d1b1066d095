import type { DatabaseExecutor } from '~/db/client';
import type { AdminIdentity } from '~/server/auth/sessions';
import { recordAudit, type AuditEntry } from './record-audit';

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

/** Records an action of `context`'s admin, from its address, at its time (recordAudit). */
export function recordAuditBy(
  db: DatabaseExecutor,
  context: Pick<AuditContext, 'ip' | 'now'> & Pick<AuditEntry, 'actor'>,
  entry: Omit<AuditEntry, 'actor' | 'ip' | 'at'>,
) {
  return recordAudit(db, { ...entry, actor: context.actor, ip: context.ip, at: context.now });
}
