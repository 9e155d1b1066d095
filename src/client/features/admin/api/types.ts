/**
 * The admin API's answers as the browser reads them (dates arrive as ISO strings). The server's
 * routes are the source of truth; these mirror the contract the admin screens are built against.
 */
export type AdminRole = 'owner' | 'admin';

export interface AdminUser {
  id: string;
  username: string;
  role: AdminRole;
}

export interface AdminSession {
  user: AdminUser;
  csrfToken: string;
}

export const jobStatuses = ['pending', 'running', 'succeeded', 'dead'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export interface JobSummary {
  id: number;
  kind: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number | null;
  runAt: string;
  lastError: string | null;
  lockedUntil: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface JobListing {
  counts: Record<JobStatus, number>;
  jobs: JobSummary[];
}

export interface AdminAccount extends AdminUser {
  createdAt: string;
  lastSignInAt: string | null;
  activeSessions: number;
}

export interface AuditEntry {
  id: number;
  at: string;
  /** Null for a failed sign-in or the command line. */
  actor: { id: string; username: string } | null;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
}
