import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { claimDueJobs, releaseJobs, type ClaimedJob } from './job-store';
import { leaseHeartbeat, type LeasedJob } from './lease-heartbeat';
import { pruneSucceededJobs, succeededJobRetentionMs } from './prune-jobs';
import { JobReleasedError, runClaimedJob, type RunJobSettings } from './run-claimed-job';
import type { Clock } from '~/server/lib/clock';
import type { DatabaseExecutor } from '~/db/client';
import type { JobHandlers, JobLogger } from './types';

export interface JobWorkerOptions {
  db: DatabaseExecutor;
  handlers: JobHandlers;
  logger: JobLogger;
  clock?: Clock;
  /** How often an idle worker looks for work; `wake()` skips the wait. */
  pollIntervalMs?: number;
  /**
   * How long a claimed job belongs to this worker without a heartbeat before another may take
   * it over: how long a crashed process's jobs wait. Default 30 s.
   */
  leaseMs?: number;
  /** How often a started worker renews the leases of its running jobs. Default a third of the lease. */
  heartbeatMs?: number;
  /** A handler running longer fails (and is retried). Default 2 min. */
  jobTimeoutMs?: number;
  /** How many jobs run at once, and the most one claim takes. */
  batchSize?: number;
  /** How long `stop()` lets running jobs finish before returning them to the queue. */
  stopTimeoutMs?: number;
  /** Shows in locked_by; unique per process by default. */
  workerId?: string;
  /** How often a polling worker deletes succeeded jobs older than the retention. */
  pruneIntervalMs?: number;
}

export interface JobWorker {
  readonly workerId: string;
  /** Polls in the background until `stop()`. */
  start(): void;
  /** Stops claiming, waits for running jobs up to the stop timeout, returns the rest. */
  stop(): Promise<void>;
  /** Polls now: call after committing a transaction that enqueued a job. */
  wake(): void;
  /** Claims one batch and runs it to the end; returns how many jobs it claimed. For tests. */
  runOnce(): Promise<number>;
  /** One heartbeat now: a started worker beats every `heartbeatMs` by itself. For tests. */
  renewLeases(): Promise<void>;
}

interface RunningJob extends LeasedJob {
  done: Promise<void>;
}

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, logger, clock = () => new Date(), pollIntervalMs = 2_000 } = options;
  const { leaseMs = defaultLeaseMs, batchSize = 10, jobTimeoutMs = 2 * 60_000 } = options;
  const { heartbeatMs = Math.floor(leaseMs / 3) } = options;
  const { stopTimeoutMs = 5_000, workerId = defaultWorkerId() } = options;
  // Two beats fit in a lease, so one slow or failed renewal does not lose it.
  if (!(heartbeatMs > 0 && heartbeatMs * 2 <= leaseMs)) {
    throw new Error('heartbeatMs must be positive and at most half of leaseMs');
  }
  if (!(batchSize >= 1)) throw new Error('batchSize must be at least 1');
  const settings: RunJobSettings = { ...options, clock, workerId, jobTimeoutMs };

  const running = new Set<RunningJob>();
  const renewLeases = leaseHeartbeat({
    db,
    clock,
    logger,
    workerId,
    leaseMs,
    running: () => running,
  });
  let heartbeat: NodeJS.Timeout | undefined;
  const claims = new Set<Promise<unknown>>();
  let state: 'idle' | 'started' | 'stopping' | 'stopped' = 'idle';
  let loop: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let woken = false;

  async function claimAndRun(limit: number): Promise<Promise<void>[]> {
    const now = clock();
    const claim = claimDueJobs(db, { now, limit, leaseMs, workerId });
    claims.add(claim);
    try {
      return (await claim).map((job) => run(job, now.getTime() + leaseMs));
    } finally {
      claims.delete(claim);
    }
  }

  function run(job: ClaimedJob, heldUntil: number): Promise<void> {
    const controller = new AbortController();
    const entry: RunningJob = {
      lease: { id: job.id, attempts: job.attempts, workerId },
      controller,
      heldUntil,
      done: runClaimedJob(settings, job, controller)
        .catch((error: unknown) => {
          const fields = { jobId: job.id, kind: job.kind, attempt: job.attempts };
          const err = error instanceof Error ? error.message : String(error);
          logger.error({ ...fields, err }, 'job outcome not saved: it runs again after its lease');
        })
        .finally(() => {
          running.delete(entry);
          wake(); // a slot is free
        }),
    };
    running.add(entry);
    return entry.done;
  }

  const { pruneIntervalMs = 60 * 60_000 } = options;
  let lastPruneAt = 0;

  async function pruneIfDue() {
    const now = clock();
    if (now.getTime() - lastPruneAt < pruneIntervalMs) return;
    lastPruneAt = now.getTime();
    try {
      const pruned = await pruneSucceededJobs(
        db,
        new Date(now.getTime() - succeededJobRetentionMs),
      );
      if (pruned > 0) logger.info({ workerId, pruned }, 'pruned old succeeded jobs');
    } catch (error) {
      const err = error instanceof Error ? error.message : String(error);
      logger.warn({ workerId, err }, 'could not prune old jobs');
    }
  }

  async function pollLoop() {
    while (state === 'started') {
      await pruneIfDue();
      const free = batchSize - running.size;
      let more = false;
      if (free > 0) {
        try {
          more = (await claimAndRun(free)).length === free;
        } catch (error) {
          const err = error instanceof Error ? error.message : String(error);
          logger.error({ err, workerId }, 'could not claim jobs');
        }
      }
      if (!more) await idle();
    }
  }

  function idle(): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, pollIntervalMs);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  }

  function wake() {
    if (wakeUp) wakeUp();
    else woken = true; // mid-claim: look again straight after, or a new job waits a whole poll
  }

  async function shutDown() {
    state = 'stopping';
    wakeUp?.();
    // Beats on while running jobs finish; the release below (or the lease) ends them.
    await loop;
    await Promise.allSettled(claims);
    const finished = settledWithin(
      [...running].map((j) => j.done),
      stopTimeoutMs,
    );
    if (running.size > 0 && !(await finished)) {
      const left = [...running];
      try {
        const leases = left.map((j) => j.lease);
        const released = await releaseJobs(db, leases, clock());
        const jobIds = left.map((j) => j.lease.id);
        logger.warn(
          { workerId, jobIds, released },
          'stopped with jobs running: returned them to the queue',
        );
      } catch (error) {
        const err = error instanceof Error ? error.message : String(error);
        logger.error(
          { workerId, err },
          'could not return running jobs: they run again after their lease',
        );
      }
      for (const job of left) job.controller.abort(new JobReleasedError());
    }
    clearInterval(heartbeat);
    state = 'stopped';
  }

  return {
    workerId,
    start() {
      if (state === 'started') return;
      if (state !== 'idle') throw new Error('a stopped job worker cannot start again');
      state = 'started';
      woken = false;
      loop = pollLoop();
      heartbeat = setInterval(() => void renewLeases(), heartbeatMs);
      heartbeat.unref();
      logger.info({ workerId, batchSize, pollIntervalMs, leaseMs }, 'job worker started');
    },
    stop() {
      stopping ??= shutDown();
      return stopping;
    },
    wake,
    async runOnce() {
      if (state === 'stopping' || state === 'stopped') return 0;
      const runs = await claimAndRun(batchSize);
      await Promise.all(runs);
      return runs.length;
    },
    renewLeases,
  };
}

/** True when all settle within `ms`. */
async function settledWithin(promises: Promise<unknown>[], ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
  try {
    return await Promise.race([Promise.allSettled(promises).then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a crashed worker's jobs wait before another worker takes them (ADR 024). */
export const defaultLeaseMs = 30_000;

function defaultWorkerId() {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}
