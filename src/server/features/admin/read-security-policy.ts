import { eq } from 'drizzle-orm';
import { adminSecuritySettings } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';

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
