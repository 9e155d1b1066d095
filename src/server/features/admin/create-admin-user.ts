import { count } from 'drizzle-orm';
import { adminUsers } from '~/db/schema';
import { type AdminRole } from '~/shared/domain';
import type { Database } from '~/db/client';
import { AppError } from '~/server/errors';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { hashPassword } from '~/server/auth/passwords';
import { recordAuditBy } from '~/server/services/audit/audit-context';

export const usernameTakenMessage = 'That username is already taken';

/**
 * Adds an administrator. `username` and `password` have passed the schema's rules (lower-cased
 * name, 12 to 256 characters). 409 when the name is taken.
 */
export async function createAdminUser(
  db: Database,
  input: { username: string; password: string; role: AdminRole },
  context: AuditContext,
) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(adminUsers)
      .values({
        username: input.username,
        passwordHash,
        role: input.role,
        createdAt: context.now,
        passwordChangedAt: context.now,
      })
      .onConflictDoNothing({ target: adminUsers.username })
      .returning();
    if (!user)
      throw new AppError('conflict', usernameTakenMessage, { username: usernameTakenMessage });
    await recordAuditBy(tx, context, {
      action: 'admin-created',
      target: user.username,
      details: { userId: user.id, role: user.role, ...(context.actor ? {} : { via: 'cli' }) },
    });
    return user;
  });
}

/** How many administrators exist: the command line makes the first one an owner. */
export async function countAdminUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(adminUsers);
  return row?.n ?? 0;
}
