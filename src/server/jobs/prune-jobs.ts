import { and, eq, lt } from 'drizzle-orm';
import { jobs } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';

/** How long a succeeded job is kept, for the admin's "recent" view and for debugging. */
export const succeededJobRetentionMs = 30 * 24 * 60 * 60_000;

/**
 * Deletes succeeded jobs finished before `before`; dead and pending jobs are never pruned.
 * Their idempotency keys go with them, which is safe: a key guards against a double enqueue
 * within one request's retries, minutes apart, not a month.
 */
export async function pruneSucceededJobs(db: DatabaseExecutor, before: Date): Promise<number> {
  const deleted = await db
    .delete(jobs)
    .where(and(eq(jobs.status, 'succeeded'), lt(jobs.finishedAt, before)))
    .returning({ id: jobs.id });
  return deleted.length;
}
