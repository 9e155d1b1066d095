import { describe, expect, it } from 'vitest';
import { lastErrorMaxLength } from './job-store';
import { fakeClock, recordingLogger, type FakeClock, jobsTestDatabase } from './job-test-kit';
import { createJobWorker } from './job-worker';
import { RetryLaterError } from './run-claimed-job';
import type { JobContext, JobHandlers } from './types';

const database = jobsTestDatabase();

function workerWith(handlers: JobHandlers, clock: FakeClock, logger = recordingLogger()) {
  return createJobWorker({ db: database.db, handlers, logger, clock: clock.now, workerId: 'w1' });
}

describe('job worker: outcomes', () => {
  it('runs a due job with its payload and marks it succeeded', async () => {
    const clock = fakeClock();
    const seen: [unknown, Omit<JobContext, 'signal'>][] = [];
    const worker = workerWith(
      { greet: { run: async (payload, { signal: _, ...ctx }) => void seen.push([payload, ctx]) } },
      clock,
    );
    const job = await database.enqueueAt(clock, { kind: 'greet', payload: { n: 1 }, key: 'a' });
    expect(await worker.runOnce()).toBe(1);
    expect(seen).toEqual([
      [{ n: 1 }, { jobId: job.id, kind: 'greet', attempt: 1, maxAttempts: 8 }],
    ]);
    expect(await database.readJob(job.id)).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      finishedAt: clock.now(),
      lockedBy: null,
      lockedUntil: null,
    });
    expect(await worker.runOnce()).toBe(0);
  });

  it('leaves a job alone until its run_at has come', async () => {
    const clock = fakeClock();
    const worker = workerWith({ greet: { run: async () => {} } }, clock);
    clock.advance(60_000);
    await database.enqueueAt(clock, { kind: 'greet', payload: {}, key: 'later' });
    clock.advance(-1);
    expect(await worker.runOnce()).toBe(0);
    clock.advance(1);
    expect(await worker.runOnce()).toBe(1);
  });

  it('retries with backoff, then dead-letters the job with its last error', async () => {
    const clock = fakeClock();
    let calls = 0;
    const worker = workerWith(
      {
        email: {
          maxAttempts: 3,
          run: async () => {
            throw new Error(`SMTP unreachable (try ${++calls})`);
          },
        },
      },
      clock,
    );
    const { id } = await database.enqueueAt(clock, { kind: 'email', payload: {}, key: 'm' });

    for (const attempt of [1, 2]) {
      const failedAt = clock.now().getTime();
      expect(await worker.runOnce()).toBe(1);
      const job = await database.readJob(id);
      expect(job).toMatchObject({ status: 'pending', attempts: attempt, lockedBy: null });
      expect(job.lastError).toBe(`SMTP unreachable (try ${attempt})`);
      // Default backoff: a 10 s step doubling per attempt, equal jitter (half to all of it).
      const step = 10_000 * 2 ** (attempt - 1);
      const delay = job.runAt.getTime() - failedAt;
      expect(delay).toBeGreaterThanOrEqual(step / 2);
      expect(delay).toBeLessThanOrEqual(step);
      // Not due a millisecond before its backoff has elapsed; due right at it.
      clock.advance(delay - 1);
      expect(await worker.runOnce()).toBe(0);
      clock.advance(1);
    }
    expect(await worker.runOnce()).toBe(1);
    expect(await database.readJob(id)).toMatchObject({
      status: 'dead',
      attempts: 3,
      lastError: 'SMTP unreachable (try 3)',
      finishedAt: clock.now(),
    });
    clock.advance(365 * 24 * 3600_000);
    expect(await worker.runOnce()).toBe(0);
    expect(calls).toBe(3);
  });

  it('waits as long as a RetryLaterError asks when that is longer than the backoff', async () => {
    const clock = fakeClock();
    const asked = [30_000, 10];
    const worker = workerWith(
      {
        limited: {
          backoff: () => 1000,
          run: async () => {
            const wait = asked.shift();
            if (wait !== undefined) throw new RetryLaterError('rate limited', wait);
          },
        },
      },
      clock,
    );
    const { id } = await database.enqueueAt(clock, { kind: 'limited', payload: {}, key: 'r' });
    expect(await worker.runOnce()).toBe(1);
    expect((await database.readJob(id)).runAt.getTime() - clock.now().getTime()).toBe(30_000);
    clock.advance(30_000);
    expect(await worker.runOnce()).toBe(1);
    // A shorter wait than the backoff does not hurry it.
    expect((await database.readJob(id)).runAt.getTime() - clock.now().getTime()).toBe(1000);
    clock.advance(1000);
    expect(await worker.runOnce()).toBe(1);
    expect(await database.readJob(id)).toMatchObject({ status: 'succeeded', attempts: 3 });
  });

  it('succeeds on a later attempt and uses a per-kind backoff', async () => {
    const clock = fakeClock();
    let calls = 0;
    const worker = workerWith(
      {
        flaky: {
          backoff: (attempt) => attempt * 1000,
          run: async () => {
            if (++calls < 3) throw new Error('not yet');
          },
        },
      },
      clock,
    );
    const { id } = await database.enqueueAt(clock, { kind: 'flaky', payload: {}, key: 'f' });
    expect(await worker.runOnce()).toBe(1);
    clock.advance(999);
    expect(await worker.runOnce()).toBe(0);
    clock.advance(1);
    expect(await worker.runOnce()).toBe(1);
    clock.advance(2000);
    expect(await worker.runOnce()).toBe(1);
    expect(await database.readJob(id)).toMatchObject({ status: 'succeeded', attempts: 3 });
  });

  it('lets a job enqueued with its own limit override the handler', async () => {
    const clock = fakeClock();
    const failing = { maxAttempts: 5, run: () => Promise.reject(new Error('x'.repeat(5000))) };
    const worker = workerWith({ failing }, clock);
    const { id } = await database.enqueueAt(clock, {
      kind: 'failing',
      payload: {},
      key: 'once',
      maxAttempts: 1,
    });
    expect(await worker.runOnce()).toBe(1);
    const job = await database.readJob(id);
    expect(job).toMatchObject({ status: 'dead', attempts: 1 });
    expect(job.lastError).toHaveLength(lastErrorMaxLength);
  });

  it('dead-letters a job of an unknown kind at once, with a clear error', async () => {
    const clock = fakeClock();
    const logger = recordingLogger();
    const worker = workerWith({ known: { run: async () => {} } }, clock, logger);
    const { id } = await database.enqueueAt(clock, { kind: 'mystery', payload: {}, key: 'u' });
    expect(await worker.runOnce()).toBe(1);
    expect(await database.readJob(id)).toMatchObject({
      status: 'dead',
      attempts: 1,
      lastError: 'no handler is registered for job kind "mystery"',
    });
    expect(logger.entries.some((e) => e.level === 'error')).toBe(true);
  });

  it('fails a handler that overruns its time, aborting its signal', async () => {
    const clock = fakeClock();
    let aborted: unknown;
    const worker = createJobWorker({
      db: database.db,
      logger: recordingLogger(),
      clock: clock.now,
      jobTimeoutMs: 1,
      handlers: {
        stuck: {
          run: (_payload, { signal }) =>
            new Promise<void>((resolve) => {
              signal.addEventListener('abort', () => {
                aborted = signal.reason;
                resolve(); // too late: the timeout already counts as the outcome
              });
            }),
        },
      },
    });
    const { id } = await database.enqueueAt(clock, { kind: 'stuck', payload: {}, key: 's' });
    expect(await worker.runOnce()).toBe(1);
    expect(aborted).toBeInstanceOf(Error);
    expect(await database.readJob(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'the job timed out after 1 ms',
    });
  });

  it('never logs the payload', async () => {
    const clock = fakeClock();
    const logger = recordingLogger();
    const handlers: JobHandlers = {
      email: { run: async () => {} },
      retried: { run: () => Promise.reject(new Error('refused')) },
      dead: { maxAttempts: 1, run: () => Promise.reject(new Error('bounced')) },
    };
    const worker = workerWith(handlers, clock, logger);
    const payload = { email: 'private.person@example.org', note: 'confidential prayer request' };
    for (const kind of ['email', 'retried', 'dead', 'unknown'])
      await database.enqueueAt(clock, { kind, payload, key: kind });
    expect(await worker.runOnce()).toBe(4);
    const logged = JSON.stringify(logger.entries);
    expect(logged).toContain('"jobId"');
    expect(logged).toContain('refused');
    expect(logged).toContain('bounced');
    expect(logged).not.toContain('private.person');
    expect(logged).not.toContain('confidential');
  });
});
