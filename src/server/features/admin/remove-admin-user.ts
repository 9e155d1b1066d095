import { eq } from 'drizzle-orm';
import { adminUsers } from '~/db/schema';
import type { Database } from '~/db/client';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { adminIdentityColumns } from '~/server/auth/sessions';

export const cannotRemoveSelfMessage = 'You cannot remove your own account';
export const lastOwnerMessage = 'The last owner cannot be removed';

/**
 * Removes an administrator and, by cascade, their sessions. Refused for oneself and for the
 * last owner. The owners' rows are locked first, so two owners removing each other at once
 * cannot leave the site without one: the second waits, then sees a single owner left.
 */
export async function removeAdminUser(db: Database, userId: string, context: AuditContext) {
  if (context.actor?.id === userId) throw new AppError('conflict', cannotRemoveSelfMessage);
  await db.transaction(async (tx) => {
    const owners = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(adminUsers.role, 'owner'))
      .for('update');
    const [target] = await tx
      .select(adminIdentityColumns)
      .from(adminUsers)
      .where(eq(adminUsers.id, userId));
    if (!target) throw new AppError('not_found', 'No such administrator');
    if (target.role === 'owner' && owners.length <= 1) {
      throw new AppError('conflict', lastOwnerMessage);
    }
    await tx.delete(adminUsers).where(eq(adminUsers.id, userId));
    await recordAuditBy(tx, context, {
      action: 'admin-removed',
      target: target.username,
      details: { userId: target.id, role: target.role },
    });
  });
}
