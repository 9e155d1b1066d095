import { inArray } from 'drizzle-orm';
import type { membershipApplications } from '~/db/schema';
import { members } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';

export type ApplicationRow = typeof membershipApplications.$inferSelect;

/** Applications as the admin API shows them, each with the status of the member it became. */
export async function serializeApplications(db: DatabaseExecutor, rows: ApplicationRow[]) {
  const ids = rows.map((r) => r.id);
  const linked =
    ids.length === 0
      ? []
      : await db
          .select({ applicationId: members.applicationId, status: members.status })
          .from(members)
          .where(inArray(members.applicationId, ids));
  const statusOf = new Map(linked.map((m) => [m.applicationId, m.status]));
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    memberStatus: statusOf.get(row.id) ?? null,
  }));
}
