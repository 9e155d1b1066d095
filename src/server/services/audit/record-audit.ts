import { desc } from 'drizzle-orm';
import { adminAuditLog, type AdminAuditRow } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';

/**
 * Every action the audit log knows. Later features add theirs here ('export', 'verification',
 * 'publish', 'delete', 'settings-change') and record them through `recordAudit`.
 */
export type AuditAction =
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-in-second-step'
  | 'sign-out'
  | 'second-factor-added'
  | 'second-factor-removed'
  | 'second-factor-reset'
  | 'recovery-codes-issued'
  | 'admin-created'
  | 'admin-removed'
  | 'sessions-ended'
  | 'password-changed'
  | 'job-retried'
  | 'message-status'
  | 'application-update'
  | 'export'
  | 'statements-sent'
  | 'erasure-decided'
  | 'verification'
  | 'publish'
  | 'delete'
  | 'settings-change'
  | 'video-created'
  | 'video-updated'
  | 'comment-approved'
  | 'prayer-list-read'
  | 'content-published'
  | 'content-restored'
  | 'content-draft-discarded'
  | 'offline-gift-recorded'
  | 'gifts-imported'
  | 'pledge-recorded'
  | 'pledge-updated'
  | 'pledge-cancelled'
  | 'pledge-reminded'
  | 'pledge-paid'
  | 'campaign-created'
  | 'campaign-updated'
  | 'campaign-photo-added'
  | 'team-photo-added'
  | 'offline-gift-edited'
  | 'offline-gift-voided'
  | 'offline-gift-cleared'
  | 'campaign-thank-you-sent'
  | 'offline-gift-photo-added'
  | 'donors-merged'
  | 'wall-choice-changed'
  | 'campaign-opt-out'
  | 'team-created'
  | 'team-updated';

export interface AuditEntry {
  /** Null for a failed sign-in or the command line. */
  actor: { id: string; username: string } | null;
  action: AuditAction;
  /** What was acted on, readable: a username, `job:12`, a donor's email. */
  target?: string | null;
  /** Plain facts for the record. Never a password, a token or a cookie. */
  details?: Record<string, unknown> | null;
  ip?: string | null;
  /** The app's clock; now by default. */
  at?: Date;
}

/** Writes one audit entry. Pass the transaction of the change it records, when there is one. */
export async function recordAudit(db: DatabaseExecutor, entry: AuditEntry) {
  await db.insert(adminAuditLog).values({
    at: entry.at ?? new Date(),
    actorId: entry.actor?.id ?? null,
    actorUsername: entry.actor?.username ?? null,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  });
}

/** The newest entries first. */
export async function listAuditEntries(db: DatabaseExecutor, { limit }: { limit: number }) {
  const rows = await db
    .select()
    .from(adminAuditLog)
    .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id))
    .limit(limit);
  return rows.map(serializeAuditEntry);
}

export function serializeAuditEntry(row: AdminAuditRow) {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor:
      row.actorId && row.actorUsername ? { id: row.actorId, username: row.actorUsername } : null,
    action: row.action,
    target: row.target,
    details: row.details ?? null,
    ip: row.ip,
  };
}
