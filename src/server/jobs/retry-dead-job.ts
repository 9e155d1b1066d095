import { and, eq } from 'drizzle-orm';
import { jobs } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';

/**
 * An admin's second chance for a dead job (say, after fixing the SMTP settings): pending, due
 * now, with a fresh set of attempts. The last error stays until the next run replaces it.
 * False when the job does not exist or is not dead.
 */
export async function retryDeadJob(db: DatabaseExecutor, id: number, now = new Date()) {
  const rows = await db
    .update(jobs)
    .set({ status: 'pending', attempts: 0, runAt: now, finishedAt: null, updatedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'dead')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}
