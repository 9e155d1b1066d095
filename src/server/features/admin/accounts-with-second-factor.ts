import { and, isNotNull, not, notExists, sql } from 'drizzle-orm';
import { adminPasskeys, adminTotp, adminUsers } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';

/** Accounts with neither an authenticator app switched on nor a passkey. */
export function withoutSecondFactor() {
  return and(
    notExists(
      sql`(select 1 from ${adminTotp} where ${adminTotp.userId} = ${adminUsers.id} and ${isNotNull(adminTotp.enabledAt)})`,
    ),
    notExists(
      sql`(select 1 from ${adminPasskeys} where ${adminPasskeys.userId} = ${adminUsers.id})`,
    ),
  );
}

/** For the owners' list of administrators: who has a second factor. */
export async function accountsWithSecondFactor(db: DatabaseExecutor): Promise<Set<string>> {
  const rows = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(not(withoutSecondFactor()!));
  return new Set(rows.map((r) => r.id));
}
