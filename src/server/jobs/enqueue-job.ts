import { randomUUID } from 'node:crypto';
import { jobs } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { insertMany } from '~/db/insert-many';

export interface EnqueueJobOptions {
  kind: string;
  /** Plain JSON. Never secrets: it sits in the database until the job is pruned. */
  payload: unknown;
  /**
   * Names the piece of work, e.g. `newsletter-confirm:<subscriber id>`: enqueuing the same key
   * again is a no-op, even after the job has run. Without one, every call is a new job.
   */
  key?: string;
  /** When the job becomes due; now by default. */
  runAt?: Date;
  /** Overrides the handler's limit for this one job. */
  maxAttempts?: number;
}

/**
 * Writes a job. Pass the transaction that writes the business row (`db.transaction(async (tx)
 * => { ...; await enqueueJob(tx, ...) })`): the job then exists if and only if the row does.
 * Call the worker's `wake()` after the transaction commits to run it without waiting a poll.
 */
export async function enqueueJob(
  db: DatabaseExecutor,
  job: EnqueueJobOptions,
): Promise<{ created: boolean }> {
  const { created } = await enqueueJobs(db, [job]);
  return { created: created === 1 };
}

/** Writes several jobs in one statement (same rules as `enqueueJob`); how many were new. */
export async function enqueueJobs(
  db: DatabaseExecutor,
  list: EnqueueJobOptions[],
): Promise<{ created: number }> {
  if (list.length === 0) return { created: 0 };
  const rows = await insertMany(db, jobs, jobRows(list), jobsInsert);
  return { created: rows.length };
}

const jobsInsert = { skipConflictOn: jobs.idempotencyKey, returning: { id: jobs.id } };

function jobRows(list: EnqueueJobOptions[]) {
  const values = list.map(({ kind, payload, key, runAt, maxAttempts }) => {
    if (payload === undefined) throw new Error('a job payload must be JSON, not undefined');
    return {
      kind,
      payload,
      idempotencyKey: key ?? randomUUID(),
      // The app's clock, not SQL now(): the worker compares run_at with the app's clock too.
      runAt: runAt ?? new Date(),
      maxAttempts,
    };
  });
  // In key order: two transactions queuing the same keys (a mail to one address from two
  // instances) then wait for each other in the same order and cannot deadlock.
  return values.sort((a, b) => (a.idempotencyKey < b.idempotencyKey ? -1 : 1));
}
