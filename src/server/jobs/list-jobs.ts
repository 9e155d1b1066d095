import { count, desc, eq, getTableColumns } from 'drizzle-orm';
import { jobs, type Job } from '~/db/schema';
import { jobStatuses, type JobStatus } from '~/shared/domain';
import type { DatabaseExecutor } from '~/db/client';

/**
 * A job as the admin sees it. The payload is left out: a list is no place for the personal
 * data it may hold, and an admin view of one job can ask for it deliberately.
 */
const { payload: _payload, ...summaryColumns } = getTableColumns(jobs);
export type JobSummary = Omit<Job, 'payload'>;

export interface JobListing {
  jobs: JobSummary[];
  /** Every status, zero included, across the whole table (not just this page). */
  counts: Record<JobStatus, number>;
}

/** The most recent jobs first (by id: the identity follows insertion order). */
export async function listJobs(
  db: DatabaseExecutor,
  { status, limit }: { status?: JobStatus; limit: number },
): Promise<JobListing> {
  const rows = await db
    .select(summaryColumns)
    .from(jobs)
    .where(status ? eq(jobs.status, status) : undefined)
    .orderBy(desc(jobs.id))
    .limit(limit);
  const totals = await db
    .select({ status: jobs.status, count: count() })
    .from(jobs)
    .groupBy(jobs.status);
  const counts = Object.fromEntries(jobStatuses.map((s) => [s, 0])) as Record<JobStatus, number>;
  for (const row of totals) counts[row.status] = row.count;
  return { jobs: rows, counts };
}
