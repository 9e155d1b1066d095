import type { AdminIdentity } from './sessions';

/** Who acts, from where, and when: what every admin operation records in the audit log. */
export interface AuditContext {
  /** Null on the command line. */
  actor: AdminIdentity | null;
  ip: string | null;
  now: Date;
}
