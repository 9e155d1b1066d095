import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { jobs } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';

/** The worker's SQL: every time it compares with is the caller's clock, passed as a parameter. */

export const lastErrorMaxLength = 2000;

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  /** Including this one. */
  attempts: number;
  maxAttempts: number | null;
}

/** Which run of which job a worker holds: outcomes only land while this is still true. */
export interface JobLease {
  id: number;
  attempts: number;
  workerId: string;
}

/**
 * Claims up to `limit` due jobs in one statement: pending jobs whose run_at has come, and running
 * jobs whose lease has expired (their worker crashed or hung). SKIP LOCKED lets several workers
 * claim at once without waiting on, or taking, each other's rows.
 */
export async function claimDueJobs(
  db: DatabaseExecutor,
  {
    now,
    limit,
    leaseMs,
    workerId,
  }: { now: Date; limit: number; leaseMs: number; workerId: string },
): Promise<ClaimedJob[]> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        // A running job's run_at has passed too, so both kinds come from one range of jobs_due_idx.
        inArray(jobs.status, ['pending', 'running']),
        lte(jobs.runAt, now),
        or(eq(jobs.status, 'pending'), lte(jobs.lockedUntil, now)),
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: workerId,
      lockedUntil: new Date(now.getTime() + leaseMs),
      updatedAt: now,
    })
    .where(inArray(jobs.id, due))
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
    });
}

/** Still ours: not reclaimed after a lapsed lease, not released at shutdown. */
function heldBy(lease: JobLease) {
  return and(
    eq(jobs.id, lease.id),
    eq(jobs.status, 'running'),
    eq(jobs.lockedBy, lease.workerId),
    eq(jobs.attempts, lease.attempts),
  );
}

const unlocked = { lockedBy: null, lockedUntil: null } as const;

/**
 * Lands a run's outcome and lets go of the job, while the lease still holds it. Answers false
 * when the lease was lost, i.e. another worker now owns the job.
 */
async function settleHeldJob(
  db: DatabaseExecutor,
  lease: JobLease,
  outcome: Partial<typeof jobs.$inferInsert>,
) {
  const rows = await db
    .update(jobs)
    .set({ ...unlocked, ...outcome })
    .where(heldBy(lease))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export function markJobSucceeded(db: DatabaseExecutor, lease: JobLease, now: Date) {
  return settleHeldJob(db, lease, { status: 'succeeded', updatedAt: now, finishedAt: now });
}

export function scheduleJobRetry(
  db: DatabaseExecutor,
  lease: JobLease,
  { now, runAt, error }: { now: Date; runAt: Date; error: string },
) {
  return settleHeldJob(db, lease, {
    status: 'pending',
    runAt,
    lastError: truncate(error),
    updatedAt: now,
  });
}

export function markJobDead(
  db: DatabaseExecutor,
  lease: JobLease,
  { now, error }: { now: Date; error: string },
) {
  return settleHeldJob(db, lease, {
    status: 'dead',
    lastError: truncate(error),
    updatedAt: now,
    finishedAt: now,
  });
}

/**
 * The heartbeat: pushes the lease of each job this worker still holds to `now + leaseMs`.
 * Returns the ids renewed; a lease missing from them was lost (taken over after it lapsed, or
 * released), and its job must not run on here.
 */
export async function renewJobLeases(
  db: DatabaseExecutor,
  leases: JobLease[],
  { now, leaseMs }: { now: Date; leaseMs: number },
): Promise<number[]> {
  if (leases.length === 0) return [];
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(or(...leases.map(heldBy)))
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

/**
 * Gives jobs back to the queue, due now, when the worker stops before they finish. The attempt
 * is handed back too: our shutdown cut it short, the job did not fail.
 */
export async function releaseJobs(db: DatabaseExecutor, leases: JobLease[], now: Date) {
  if (leases.length === 0) return 0;
  const rows = await db
    .update(jobs)
    .set({
      ...unlocked,
      status: 'pending',
      attempts: sql`${jobs.attempts} - 1`,
      runAt: now,
      updatedAt: now,
    })
    .where(or(...leases.map(heldBy)))
    .returning({ id: jobs.id });
  return rows.length;
}

export function truncate(message: string): string {
  return message.length <= lastErrorMaxLength
    ? message
    : `${message.slice(0, lastErrorMaxLength - 1)}…`;
}
