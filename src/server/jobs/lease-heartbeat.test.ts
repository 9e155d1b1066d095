import { describe, expect, it } from 'vitest';
import type { DatabaseExecutor } from '~/db/client';
import { claimDueJobs } from './job-store';
import {
  deferred,
  fakeClock,
  nextTurn,
  recordingLogger,
  type FakeClock,
  jobsTestDatabase,
} from './job-test-kit';
import { createJobWorker, defaultLeaseMs, type JobWorkerOptions } from './job-worker';
import { leaseHeartbeat, type LeasedJob } from './lease-heartbeat';
import { JobLeaseLostError } from './run-claimed-job';

const database = jobsTestDatabase();

/** A worker on the fake clock with the default lease, whose `hold` jobs run until let go. */
function holdingWorker(clock: FakeClock, workerId: string, extra: Partial<JobWorkerOptions> = {}) {
  const started = deferred<AbortSignal>();
  const release = deferred();
  const ran: number[] = [];
  const logger = recordingLogger();
  const worker = createJobWorker({
    db: database.db,
    clock: clock.now,
    logger,
    workerId,
    handlers: {
      hold: {
        run: async (_payload, { signal, attempt }) => {
          ran.push(attempt);
          started.resolve(signal);
          await release.promise;
        },
      },
    },
    ...extra,
  });
  return { worker, ran, logger, started: started.promise, release: () => release.resolve() };
}

describe('job lease heartbeat', () => {
  it('leases a job for 30 s by default', async () => {
    const clock = fakeClock();
    const { id } = await database.enqueueAt(clock, { kind: 'hold', payload: {}, key: 'd' });
    const a = holdingWorker(clock, 'a');
    const run = a.worker.runOnce();
    await a.started;
    expect(defaultLeaseMs).toBe(30_000);
    const job = await database.readJob(id);
    expect(job.lockedUntil!.getTime() - clock.now().getTime()).toBe(30_000);
    a.release();
    await run;
  });

  it('keeps a job while its worker beats, and hands it on 30 s after the beats stop (a crash)', async () => {
    const clock = fakeClock();
    const { id } = await database.enqueueAt(clock, { kind: 'hold', payload: {}, key: 'crash' });
    const crashed = holdingWorker(clock, 'crashed');
    const survivor = holdingWorker(clock, 'survivor');
    void crashed.worker.runOnce();
    const crashedSignal = await crashed.started;

    // Running for 50 s, past the first lease: the beats keep it, nobody else takes it.
    for (let beat = 0; beat < 5; beat++) {
      clock.advance(10_000);
      await crashed.worker.renewLeases();
    }
    expect(await survivor.worker.runOnce()).toBe(0);
    expect(await database.readJob(id)).toMatchObject({ status: 'running', lockedBy: 'crashed' });

    // The process dies: no more beats. Not a moment before the 30 s are up…
    clock.advance(30_000 - 1);
    expect(await survivor.worker.runOnce()).toBe(0);
    // …and then the survivor runs it.
    clock.advance(1);
    const takeover = survivor.worker.runOnce();
    await survivor.started;
    expect(survivor.ran).toEqual([2]);
    expect(await database.readJob(id)).toMatchObject({ status: 'running', lockedBy: 'survivor' });

    // Had the first worker only stalled, its next beat finds the lease gone: it stops the job
    // and cannot take the lease back.
    await crashed.worker.renewLeases();
    expect(crashedSignal.aborted).toBe(true);
    expect(crashedSignal.reason).toBeInstanceOf(JobLeaseLostError);
    expect(await database.readJob(id)).toMatchObject({ lockedBy: 'survivor', attempts: 2 });
    expect(crashed.logger.entries.map((e) => e.msg)).toContain(
      'job lease lost (another worker took it over): stopping the job here',
    );

    survivor.release();
    expect(await takeover).toBe(1);
    expect(await database.readJob(id)).toMatchObject({ status: 'succeeded', lockedBy: null });
  });

  it('never lets the worker that lost a lease complete the job', async () => {
    const clock = fakeClock();
    const { id } = await database.enqueueAt(clock, { kind: 'hold', payload: {}, key: 'late' });
    const stalled = holdingWorker(clock, 'stalled');
    const first = stalled.worker.runOnce();
    await stalled.started;
    clock.advance(defaultLeaseMs);
    const other = holdingWorker(clock, 'other');
    const second = other.worker.runOnce();
    await other.started;

    // The stalled handler finishes before any beat noticed: its success is not recorded.
    stalled.release();
    expect(await first).toBe(1);
    expect(await database.readJob(id)).toMatchObject({ status: 'running', lockedBy: 'other' });
    other.release();
    await second;
    expect(await database.readJob(id)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('stops a job whose lease ran out while the database could not be reached', async () => {
    const clock = fakeClock();
    const unreachable = {
      update() {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      },
    } as unknown as DatabaseExecutor;
    const job: LeasedJob = {
      lease: { id: 1, attempts: 1, workerId: 'w' },
      controller: new AbortController(),
      heldUntil: clock.now().getTime() + 30_000,
    };
    const logger = recordingLogger();
    const beat = leaseHeartbeat({
      db: unreachable,
      clock: clock.now,
      logger,
      workerId: 'w',
      leaseMs: 30_000,
      running: () => [job],
    });
    clock.advance(29_999);
    await beat();
    expect(job.controller.signal.aborted).toBe(false); // still ours for a moment
    clock.advance(1);
    await beat();
    expect(job.controller.signal.reason).toBeInstanceOf(JobLeaseLostError);
    expect(logger.entries.map((e) => e.msg)).toContain(
      'could not renew job leases: will try again',
    );
  });

  it('beats by itself once started', async () => {
    const clock = fakeClock();
    const { id } = await database.enqueueAt(clock, { kind: 'hold', payload: {}, key: 's' });
    const a = holdingWorker(clock, 'a', { pollIntervalMs: 60 * 60_000, heartbeatMs: 1 });
    a.worker.start();
    a.worker.wake();
    await a.started;
    clock.advance(20_000);
    const renewedUntil = clock.now().getTime() + defaultLeaseMs;
    // A real 1 ms timer: wait for its beat to land, a turn at a time (bounded, no sleep).
    let lockedUntil = 0;
    for (let turn = 0; turn < 10_000 && lockedUntil !== renewedUntil; turn++) {
      await nextTurn();
      if (turn % 50 === 0) lockedUntil = (await database.readJob(id)).lockedUntil!.getTime();
    }
    expect(lockedUntil).toBe(renewedUntil);
    a.release();
    await a.worker.stop();
    expect(await database.readJob(id)).toMatchObject({ status: 'succeeded' });
  });

  it('refuses a heartbeat too slow for its lease', () => {
    const options = { db: database.db, handlers: {}, logger: recordingLogger() };
    expect(() => createJobWorker({ ...options, leaseMs: 30_000, heartbeatMs: 20_000 })).toThrow(
      'heartbeatMs must be positive and at most half of leaseMs',
    );
    expect(() => createJobWorker({ ...options, heartbeatMs: 0 })).toThrow('heartbeatMs');
  });

  it('does not renew a lease taken by another claim', async () => {
    const { db } = database;
    const clock = fakeClock();
    const { id } = await database.enqueueAt(clock, { kind: 'hold', payload: {}, key: 'fence' });
    await claimDueJobs(db, { now: clock.now(), limit: 1, leaseMs: 30_000, workerId: 'a' });
    clock.advance(30_000);
    await claimDueJobs(db, { now: clock.now(), limit: 1, leaseMs: 30_000, workerId: 'a' });
    // The same worker id, but the first claim (attempt 1) is no longer the job's.
    const old: LeasedJob = {
      lease: { id, attempts: 1, workerId: 'a' },
      controller: new AbortController(),
      heldUntil: 0,
    };
    const beat = leaseHeartbeat({
      db,
      clock: clock.now,
      logger: recordingLogger(),
      workerId: 'a',
      leaseMs: 30_000,
      running: () => [old],
    });
    await beat();
    expect(old.controller.signal.reason).toBeInstanceOf(JobLeaseLostError);
    expect((await database.readJob(id)).lockedUntil!.getTime()).toBe(
      clock.now().getTime() + 30_000,
    );
  });
});
