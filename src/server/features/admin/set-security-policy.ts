import { inArray } from 'drizzle-orm';
import { adminSecuritySettings, adminSessions, adminUsers } from '~/db/schema';
import type { Database } from '~/db/client';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';
import { withoutSecondFactor } from './accounts-with-second-factor';
import { readSecurityPolicy } from './read-security-policy';
import { hasSecondFactor, secondFactorsOf } from './second-factors';

/**
 * An owner requires (or stops requiring) a second factor of every administrator. Requiring it
 * needs the owner to have one (or they would be sent to enrol at their next sign-in with no way
 * back), and signs out every account without one: each enrols at its next sign-in.
 */
export async function setSecurityPolicy(
  db: Database,
  requireSecondFactor: boolean,
  context: AuditContext & { actor: NonNullable<AuditContext['actor']> },
) {
  return db.transaction(async (tx) => {
    if (requireSecondFactor && !hasSecondFactor(await secondFactorsOf(tx, context.actor.id))) {
      throw new AppError(
        'conflict',
        'Set up a second factor for your own account first (Account Security), then require it of everyone.',
      );
    }
    const before = await readSecurityPolicy(tx);
    await tx
      .insert(adminSecuritySettings)
      .values({
        id: 1,
        requireSecondFactor,
        updatedAt: context.now,
        updatedBy: context.actor.username,
      })
      .onConflictDoUpdate({
        target: adminSecuritySettings.id,
        set: { requireSecondFactor, updatedAt: context.now, updatedBy: context.actor.username },
      });
    let sessionsEnded = 0;
    if (requireSecondFactor) {
      const ended = await tx
        .delete(adminSessions)
        .where(
          inArray(
            adminSessions.userId,
            tx.select({ id: adminUsers.id }).from(adminUsers).where(withoutSecondFactor()),
          ),
        )
        .returning({ userId: adminSessions.userId });
      sessionsEnded = ended.length;
    }
    await recordAuditBy(tx, context, {
      action: 'settings-change',
      target: 'require-second-factor',
      details: {
        requireSecondFactor,
        was: before.requireSecondFactor,
        ...(requireSecondFactor ? { sessionsEnded } : {}),
      },
    });
    return { ...(await readSecurityPolicy(tx)), sessionsEnded };
  });
}
