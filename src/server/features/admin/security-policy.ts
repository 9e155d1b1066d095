import { and, eq, inArray, isNotNull, not, notExists, sql } from 'drizzle-orm';
import {
  adminPasskeys,
  adminSecuritySettings,
  adminSessions,
  adminTotp,
  adminUsers,
} from '~/db/schema';
import type { Database, DatabaseExecutor } from '~/db/client';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAudit } from '~/server/services/audit/record-audit';
import { hasSecondFactor, secondFactorsOf } from './second-factors';

export async function readSecurityPolicy(db: DatabaseExecutor) {
  const [row] = await db
    .select()
    .from(adminSecuritySettings)
    .where(eq(adminSecuritySettings.id, 1));
  return {
    requireSecondFactor: row?.requireSecondFactor ?? false,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}

/** Accounts with neither an authenticator app switched on nor a passkey. */
function withoutSecondFactor() {
  return and(
    notExists(
      sql`(select 1 from ${adminTotp} where ${adminTotp.userId} = ${adminUsers.id} and ${isNotNull(adminTotp.enabledAt)})`,
    ),
    notExists(
      sql`(select 1 from ${adminPasskeys} where ${adminPasskeys.userId} = ${adminUsers.id})`,
    ),
  );
}

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
    await recordAudit(tx, {
      actor: context.actor,
      action: 'settings-change',
      target: 'require-second-factor',
      details: {
        requireSecondFactor,
        was: before.requireSecondFactor,
        ...(requireSecondFactor ? { sessionsEnded } : {}),
      },
      ip: context.ip,
      at: context.now,
    });
    return { ...(await readSecurityPolicy(tx)), sessionsEnded };
  });
}

/** For the owners' list of administrators: who has a second factor. */
export async function accountsWithSecondFactor(db: DatabaseExecutor): Promise<Set<string>> {
  const rows = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(not(withoutSecondFactor()!));
  return new Set(rows.map((r) => r.id));
}
