import { eq } from 'drizzle-orm';
import { adminUsers } from '~/db/schema';
import type { Database } from '~/db/client';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { hashPassword } from '~/server/auth/passwords';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { endUserSessions } from '~/server/auth/sessions';
import { endPendingSignIns } from './pending-sign-ins';

/**
 * Sets a new password (already checked against the length rule) and ends the user's sessions,
 * all of them or all but `keepTokenHash` (the browser that made the change), and every sign-in
 * still waiting for its second step: it was begun with the old password.
 */
export async function changeAdminPassword(
  db: Database,
  input: { username: string; password: string; keepTokenHash?: string },
  context: AuditContext,
) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(adminUsers)
      .set({ passwordHash, passwordChangedAt: context.now })
      .where(eq(adminUsers.username, input.username))
      .returning({ id: adminUsers.id, username: adminUsers.username });
    if (!user) throw new AppError('not_found', 'No such administrator');
    const sessionsEnded = await endUserSessions(tx, user.id, {
      exceptTokenHash: input.keepTokenHash,
    });
    const pendingSignInsEnded = await endPendingSignIns(tx, user.id);
    await recordAuditBy(tx, context, {
      action: 'password-changed',
      target: user.username,
      details: {
        userId: user.id,
        sessionsEnded,
        ...(pendingSignInsEnded > 0 ? { pendingSignInsEnded } : {}),
        ...(context.actor ? {} : { via: 'cli' }),
      },
    });
    return { userId: user.id, sessionsEnded };
  });
}
