import { eq } from 'drizzle-orm';
import { adminUsers } from '~/db/schema';
import type { Database } from '~/db/client';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { removeAllSecondFactors, secondFactorRequired } from './second-factors';

/**
 * Removes every second factor of an account (its app, passkeys and recovery codes): for an
 * administrator who lost their phone or key, from the command line (`admin:password
 * --reset-second-factor`). Returns what was removed and whether the site requires a new one.
 */
export async function resetSecondFactor(db: Database, username: string, context: AuditContext) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: adminUsers.id, username: adminUsers.username })
      .from(adminUsers)
      .where(eq(adminUsers.username, username));
    if (!user) throw new AppError('not_found', 'No such administrator');
    const removed = await removeAllSecondFactors(tx, user.id);
    await recordAuditBy(tx, context, {
      action: 'second-factor-reset',
      target: user.username,
      details: { ...removed, ...(context.actor ? {} : { via: 'cli' }) },
    });
    return { removed, required: await secondFactorRequired(tx) };
  });
}
