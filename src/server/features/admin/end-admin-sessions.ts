import { eq } from 'drizzle-orm';
import { adminUsers } from '~/db/schema';
import type { Database } from '~/db/client';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { endUserSessions } from '~/server/auth/sessions';
import { endPendingSignIns } from './pending-sign-ins';

/**
 * Signs an administrator out everywhere (a lost laptop), sign-ins still waiting for their second
 * step included; returns how many sessions ended.
 */
export async function endAdminSessions(db: Database, userId: string, context: AuditContext) {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ username: adminUsers.username })
      .from(adminUsers)
      .where(eq(adminUsers.id, userId));
    if (!target) throw new AppError('not_found', 'No such administrator');
    const ended = await endUserSessions(tx, userId);
    const pendingSignInsEnded = await endPendingSignIns(tx, userId);
    await recordAuditBy(tx, context, {
      action: 'sessions-ended',
      target: target.username,
      details: { userId, ended, ...(pendingSignInsEnded > 0 ? { pendingSignInsEnded } : {}) },
    });
    return ended;
  });
}
