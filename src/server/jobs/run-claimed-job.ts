import { defaultBackoff } from './backoff';
import {
  markJobDead,
  markJobSucceeded,
  scheduleJobRetry,
  type ClaimedJob,
  type JobLease,
} from './job-store';
import type { Clock } from '~/server/lib/clock';
import type { DatabaseExecutor } from '~/db/client';
import type { JobHandler, JobHandlers, JobLogger } from './types';

export const defaultMaxAttempts = 8;

export interface RunJobSettings {
  db: DatabaseExecutor;
  handlers: JobHandlers;
  logger: JobLogger;
  clock: Clock;
  workerId: string;
  jobTimeoutMs: number;
}

/** The abort reason when the worker hands a job back at shutdown: nothing more is recorded. */
export class JobReleasedError extends Error {
  constructor() {
    super('the worker stopped and returned the job to the queue');
  }
}

/**
 * The abort reason when the heartbeat finds the lease gone: another worker may hold the job now,
 * so this one stops and records nothing.
 */
export class JobLeaseLostError extends Error {
  constructor() {
    super('the job lease was lost: another worker may be running the job');
  }
}

/**
 * Runs one claimed job and records its outcome. `signal` is the worker's: aborted with a
 * JobReleasedError once the job has been returned to the queue, with a JobLeaseLostError when
 * its lease was lost.
 */
export async function runClaimedJob(
  settings: RunJobSettings,
  job: ClaimedJob,
  controller: AbortController,
): Promise<void> {
  const { db, handlers, logger, clock, workerId } = settings;
  const lease: JobLease = { id: job.id, attempts: job.attempts, workerId };
  // Never the payload: it may hold personal data.
  const fields = { jobId: job.id, kind: job.kind, attempt: job.attempts };
  const lost = () => logger.warn(fields, 'job lease lost before its outcome was saved');

  const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
  if (!handler) {
    const error = `no handler is registered for job kind "${job.kind}"`;
    if (!(await markJobDead(db, lease, { now: clock(), error }))) return lost();
    return logger.error({ ...fields, err: error }, 'job is dead: unknown kind');
  }
  const maxAttempts = job.maxAttempts ?? handler.maxAttempts ?? defaultMaxAttempts;
  if (job.attempts > maxAttempts) {
    // Claimed again after its last allowed run never reported back (crash, or a hang past the
    // lease): running it once more would exceed the limit.
    const error = 'the final attempt never finished: its worker stopped before the lease expired';
    if (!(await markJobDead(db, lease, { now: clock(), error }))) return lost();
    return logger.error({ ...fields, err: error }, 'job is dead: attempts exhausted');
  }

  logger.debug(fields, 'job started');
  const ctx = { jobId: job.id, kind: job.kind, attempt: job.attempts, maxAttempts };
  let failure: unknown;
  try {
    await runWithTimeout(
      handler,
      job.payload,
      { ...ctx, signal: controller.signal },
      controller,
      settings.jobTimeoutMs,
    );
  } catch (error) {
    // Handed back or taken over: the heartbeat or the shutdown has said so; record nothing.
    if (error instanceof JobReleasedError || error instanceof JobLeaseLostError) return;
    failure = error ?? new Error('the handler failed without an error');
  }
  const now = clock();

  if (failure === undefined) {
    if (!(await markJobSucceeded(db, lease, now))) return lost();
    return logger.info(fields, 'job succeeded');
  }
  const error = messageOf(failure);
  if (job.attempts >= maxAttempts) {
    if (!(await markJobDead(db, lease, { now, error }))) return lost();
    return logger.error({ ...fields, err: error }, `job is dead after ${job.attempts} attempts`);
  }
  // A handler may ask for a later retry than its backoff (a Retry-After it was given).
  const retryInMs = Math.max(
    0,
    (handler.backoff ?? defaultBackoff)(job.attempts),
    requestedRetryMs(failure),
  );
  const runAt = new Date(now.getTime() + retryInMs);
  if (!(await scheduleJobRetry(db, lease, { now, runAt, error }))) return lost();
  logger.warn({ ...fields, err: error, retryInMs }, 'job failed: will retry');
}

/**
 * Settles with the handler, or rejects when the job times out (then aborts the handler's
 * signal so it can give up) or when the worker releases it at shutdown.
 */
function runWithTimeout(
  handler: JobHandler,
  payload: unknown,
  ctx: Parameters<JobHandler['run']>[1],
  controller: AbortController,
  timeoutMs: number,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`the job timed out after ${timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
    timer.unref();
    onAbort = () => reject(controller.signal.reason);
    controller.signal.addEventListener('abort', onAbort, { once: true });
  });
  // Through an async function, so a handler that throws before returning a promise still rejects.
  const run = (async () => handler.run(payload, ctx))();
  return Promise.race([run, stopped]).finally(() => {
    clearTimeout(timer);
    if (onAbort) controller.signal.removeEventListener('abort', onAbort);
  });
}

/** The longest a handler may push its own retry back: a day. */
const maxRequestedRetryMs = 24 * 60 * 60_000;

/**
 * Thrown by a handler whose service said when to come back (HTTP 429 or 503 with Retry-After):
 * the job retries no sooner than that, nor sooner than its backoff.
 */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
    this.name = 'RetryLaterError';
  }
}

function requestedRetryMs(error: unknown): number {
  if (!(error instanceof RetryLaterError) || !Number.isFinite(error.retryAfterMs)) return 0;
  return Math.min(Math.max(error.retryAfterMs, 0), maxRequestedRetryMs);
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
