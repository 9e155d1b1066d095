import { markJobsSucceeded, type JobLease } from './job-store';
import { batchRetryingAlone } from '../lib/batch-while-busy';
import type { Clock } from '../lib/clock';
import type { DatabaseExecutor } from '~/db/client';

/**
 * Records job successes, several in one statement (ADR 035) by the app's group commit
 * (batch-while-busy.ts): a success that comes while none is being written goes on the next turn
 * of the event loop, so a quiet worker hardly waits; successes that come while a statement runs
 * go together in the next one. The busier the database, the more each statement records: a
 * batch of mails that finish together costs one or two statements instead of one each. Each run
 * stays fenced by its own lease, as before.
 *
 * The returned function resolves true when the success was recorded, false when the lease had
 * been lost; it rejects when the statement failed (the job then runs again after its lease).
 */
export function successRecorder(
  db: DatabaseExecutor,
  clock: Clock,
): (lease: JobLease) => Promise<boolean> {
  // A failed statement is tried again lease by lease: it must not send a whole batch again.
  return batchRetryingAlone(async (leases: JobLease[]) => {
    const recorded = new Set((await markJobsSucceeded(db, leases, clock())).map(runOf));
    return leases.map((lease) => recorded.has(runOf(lease)));
  }, MAX_SUCCESSES_PER_STATEMENT);
}

/** Far more than a worker's batch (10 by default): bounds a statement's size. */
const MAX_SUCCESSES_PER_STATEMENT = 100;

/**
 * A run is a job and its attempt: the same worker may hold a job again after losing its lease,
 * and the old run must not take the new run's success for its own.
 */
function runOf({ id, attempts }: { id: number; attempts: number }) {
  return `${id}:${attempts}`;
}
