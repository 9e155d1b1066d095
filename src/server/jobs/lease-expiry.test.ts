import { describe, expect, it } from 'vitest';
import { claimDueJobs, markJobSucceeded, scheduleJobRetry } from './job-store';
import {
  deferred,
  fakeClock,
  recordingLogger,
  type FakeClock,
  jobsTestDatabase,
} from './job-test-kit';
import { createJobWorker, type JobWorkerOptions } from './job-worker';
import type { JobHandlers } from './types';

const database = jobsTestDatabase();

const leaseMs = 60_000;

/** A worker on the fake clock with these tests' lease, a 1 s job timeout and a quiet logger. */
function leasedWorker(
  clock: FakeClock,
  options: Pick<JobWorkerOptions, 'handlers'> & Partial<JobWorkerOptions>,
) {
  return createJobWorker({
    db: database.db,
    clock: clock.now,
    leaseMs,
    jobTimeoutMs: 1000,
    logger: recordingLogger(),
    ...options,
  });
}

describe('job leases', () => {
  it('hands a crashed worker’s job to another worker once the lease has passed, not before', async () => {
    const { db } = database;
    const clock = fakeClock();
    const { id } = await database.enqueueAt(clock, { kind: 'email', payload: {}, key: 'crash' });
    // A worker claims the job and then dies: nothing will ever report its outcome.
    const [claimed] = await claimDueJobs(db, {
      now: clock.now(),
      limit: 10,
      leaseMs,
      workerId: 'dead',
    });
    expect(claimed).toMatchObject({ id, attempts: 1 });

    const ran: number[] = [];
    const survivor = leasedWorker(clock, {
      workerId: 'survivor',
      handlers: { email: { run: async (_p, ctx) => void ran.push(ctx.attempt) } },
    });
    expect(await survivor.runOnce()).toBe(0);
    clock.advance(leaseMs - 1);
    expect(await survivor.runOnce()).toBe(0);
    expect(await database.readJob(id)).toMatchObject({ status: 'running', lockedBy: 'dead' });
    clock.advance(1);
    expect(await survivor.runOnce()).toBe(1);
    // The crashed run counts as an attempt: a job that kills its worker cannot loop for ever.
    expect(ran).toEqual([2]);
    expect(await database.readJob(id)).toMatchObject({ status: 'succeeded', lockedBy: null });
  });

  it('ignores the outcome a worker reports after losing its lease', async () => {
    const clock = fakeClock();
    const { id } = await database.enqueueAt(clock, { kind: 'slow', payload: {}, key: 'late' });
    const started = deferred();
    const finish = deferred();
    const slowLogger = recordingLogger();
    const handlers = (run: JobHandlers[string]['run']): JobHandlers => ({ slow: { run } });
    const slow = leasedWorker(clock, {
      logger: slowLogger,
      workerId: 'slow',
      handlers: handlers(async () => {
        started.resolve();
        await finish.promise;
        throw new Error('failed, long after the lease');
      }),
    });
    const fast = leasedWorker(clock, {
      logger: recordingLogger(),
      workerId: 'fast',
      handlers: handlers(async () => {}),
    });

    const slowRun = slow.runOnce();
    await started.promise;
    clock.advance(leaseMs);
    expect(await fast.runOnce()).toBe(1);
    finish.resolve();
    expect(await slowRun).toBe(1);
    expect(await database.readJob(id)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      lastError: null,
    });
    expect(slowLogger.entries.map((e) => e.msg)).toContain(
      'job lease lost before its outcome was saved',
    );
  });

  it('ignores a late outcome even when the same worker has claimed the job again', async () => {
    const clock = fakeClock();
    const { id } = await database.enqueueAt(clock, { kind: 'slow', payload: {}, key: 'again' });
    const runs = [deferred(), deferred()];
    const started = [deferred(), deferred()];
    const worker = leasedWorker(clock, {
      handlers: {
        slow: {
          run: async (_p, { attempt }) => {
            started[attempt - 1]!.resolve();
            await runs[attempt - 1]!.promise;
          },
        },
      },
    });
    const first = worker.runOnce();
    await started[0]!.promise;
    clock.advance(leaseMs);
    const second = worker.runOnce();
    await started[1]!.promise;

    runs[0]!.reject(new Error('the first run failed late'));
    expect(await first).toBe(1);
    expect(await database.readJob(id)).toMatchObject({
      status: 'running',
      attempts: 2,
      lastError: null,
    });
    runs[1]!.resolve();
    expect(await second).toBe(1);
    expect(await database.readJob(id)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('saves an outcome only for the claim that holds the lease', async () => {
    const { db } = database;
    const clock = fakeClock();
    const { id } = await database.enqueueAt(clock, { kind: 'email', payload: {}, key: 'held' });
    await claimDueJobs(db, { now: clock.now(), limit: 1, leaseMs, workerId: 'a' });
    const now = clock.now();
    const retry = { now, runAt: now, error: 'x' };
    expect(await markJobSucceeded(db, { id, attempts: 1, workerId: 'b' }, now)).toBe(false);
    expect(await scheduleJobRetry(db, { id, attempts: 2, workerId: 'a' }, retry)).toBe(false);
    expect(await database.readJob(id)).toMatchObject({ status: 'running', lockedBy: 'a' });
    expect(await markJobSucceeded(db, { id, attempts: 1, workerId: 'a' }, now)).toBe(true);
    expect(await scheduleJobRetry(db, { id, attempts: 1, workerId: 'a' }, retry)).toBe(false);
    expect(await database.readJob(id)).toMatchObject({ status: 'succeeded' });
  });

  it('dead-letters a job whose final attempt never reported back', async () => {
    const { db } = database;
    const clock = fakeClock();
    const { id } = await database.enqueueAt(clock, {
      kind: 'email',
      payload: {},
      key: 'last',
      maxAttempts: 1,
    });
    await claimDueJobs(db, { now: clock.now(), limit: 10, leaseMs, workerId: 'dead' });
    clock.advance(leaseMs);
    let ran = false;
    const worker = leasedWorker(clock, {
      handlers: { email: { run: async () => void (ran = true) } },
    });
    expect(await worker.runOnce()).toBe(1);
    expect(ran).toBe(false);
    const job = await database.readJob(id);
    expect(job).toMatchObject({ status: 'dead', attempts: 2 });
    expect(job.lastError).toContain('never finished');
  });
});
