import { renewJobLeases, type JobLease } from './job-store';
import { JobLeaseLostError } from './run-claimed-job';
import type { Clock } from '~/server/lib/clock';
import type { DatabaseExecutor } from '~/db/client';
import type { JobLogger } from './types';

/** What the heartbeat needs of a job the worker is running. */
export interface LeasedJob {
  lease: JobLease;
  controller: AbortController;
  /** Until when (ms, by the worker's clock) the database last said the job is ours. */
  heldUntil: number;
}

export interface LeaseHeartbeatOptions {
  db: DatabaseExecutor;
  clock: Clock;
  logger: JobLogger;
  workerId: string;
  leaseMs: number;
  /** The jobs running now. */
  running: () => Iterable<LeasedJob>;
}

/**
 * One beat: renews the lease of every running job in one UPDATE fenced by the claim (worker id
 * and attempt), so a lease that lapsed and was taken over is never taken back. A job whose lease
 * is gone, or whose lease ran out while the database could not be reached, is aborted here with
 * a JobLeaseLostError: another worker may be running it, and its outcome would not be saved.
 */
export function leaseHeartbeat(options: LeaseHeartbeatOptions): () => Promise<void> {
  const { db, clock, logger, workerId, leaseMs } = options;

  function giveUp(job: LeasedJob, why: string) {
    if (job.controller.signal.aborted) return;
    const fields = { workerId, jobId: job.lease.id, attempt: job.lease.attempts };
    logger.warn(fields, `job lease lost (${why}): stopping the job here`);
    job.controller.abort(new JobLeaseLostError());
  }

  async function beatOnce() {
    const jobs = [...options.running()].filter((job) => !job.controller.signal.aborted);
    if (jobs.length === 0) return;
    const now = clock();
    const leases = jobs.map((job) => job.lease);
    let renewed: Set<number> | undefined;
    try {
      renewed = new Set(await renewJobLeases(db, leases, { now, leaseMs }));
    } catch (error) {
      const err = error instanceof Error ? error.message : String(error);
      logger.warn({ workerId, err }, 'could not renew job leases: will try again');
    }
    // A job that finished meanwhile recorded its own outcome: not a lost lease.
    const stillRunning = new Set(options.running());
    const after = clock().getTime();
    for (const job of jobs.filter((j) => stillRunning.has(j))) {
      if (renewed?.has(job.lease.id)) job.heldUntil = now.getTime() + leaseMs;
      else if (renewed) giveUp(job, 'another worker took it over');
      else if (job.heldUntil <= after) giveUp(job, 'it ran out');
    }
  }

  // One beat at a time: a slow database must not pile renewals up.
  let inFlight: Promise<void> | undefined;
  return function beat() {
    inFlight ??= beatOnce().finally(() => (inFlight = undefined));
    return inFlight;
  };
}
