import { describe, expect, it } from 'vitest';
import { jobs } from '~/db/schema';
import { enqueueJob } from './enqueue-job';
import { deferred, fakeClock, nextTurn, recordingLogger, jobsTestDatabase } from './job-test-kit';
import { createJobWorker, type JobWorkerOptions } from './job-worker';
import { JobReleasedError } from './run-claimed-job';

const database = jobsTestDatabase();

/** A worker whose one kind, `hold`, runs until the test lets it go. */
function holdingWorker(options: Partial<JobWorkerOptions> = {}) {
  const started = deferred<AbortSignal>();
  const release = deferred();
  const worker = createJobWorker({
    db: database.db,
    logger: recordingLogger(),
    handlers: {
      hold: {
        run: async (_payload, { signal }) => {
          started.resolve(signal);
          await release.promise;
        },
      },
    },
    ...options,
  });
  return { worker, started: started.promise, release: () => release.resolve() };
}

describe('job worker lifecycle', () => {
  it('runs an enqueued job as soon as it is woken, without waiting for a poll', async () => {
    const { worker, started, release } = holdingWorker({ pollIntervalMs: 60 * 60_000 });
    worker.start();
    worker.start(); // a second start changes nothing
    await enqueueJob(database.db, { kind: 'hold', payload: {}, key: 'woken' });
    worker.wake();
    await started; // an hour's poll interval: only wake() can get here in time
    release();
    await worker.stop();
    const [job] = await database.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'succeeded' });
    expect(() => worker.start()).toThrow('cannot start again');
  });

  it('looks again at once when woken during a claim', async () => {
    const clock = fakeClock();
    const { worker, started, release } = holdingWorker({
      clock: clock.now,
      pollIntervalMs: 60 * 60_000,
    });
    clock.advance(1);
    await database.enqueueAt(clock, { kind: 'hold', payload: {}, key: 'mid-claim' });
    clock.advance(-1);
    worker.start(); // its first claim is under way, with a clock a millisecond short
    clock.advance(1);
    worker.wake(); // so this wake-up lands mid-claim, and must not be lost
    await started;
    release();
    await worker.stop();
  });

  it('stops gracefully: the running job finishes, then stop returns', async () => {
    const clock = fakeClock();
    const { worker, started, release } = holdingWorker({ clock: clock.now });
    const { id } = await database.enqueueAt(clock, { kind: 'hold', payload: {}, key: 'g' });
    const run = worker.runOnce();
    await started;

    const waiting = await database.enqueueAt(clock, { kind: 'hold', payload: {}, key: 'w' });

    let stopped = false;
    const stopping = worker.stop().then(() => void (stopped = true));
    for (let i = 0; i < 5; i++) await nextTurn();
    expect(stopped).toBe(false); // still waiting for the job
    expect(await worker.runOnce()).toBe(0); // and claiming nothing new
    expect(await database.readJob(waiting.id)).toMatchObject({ status: 'pending' });

    release();
    await stopping;
    expect(await run).toBe(1);
    expect(await database.readJob(id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('returns a job still running at the stop timeout to the queue', async () => {
    const clock = fakeClock();
    const { worker, started } = holdingWorker({ clock: clock.now, stopTimeoutMs: 0 });
    const { id } = await database.enqueueAt(clock, { kind: 'hold', payload: {}, key: 'r' });
    const run = worker.runOnce();
    const signal = await started;

    clock.advance(5000);
    await worker.stop(); // the handler never finishes
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(JobReleasedError);
    expect(await run).toBe(1);
    // Pending, unlocked, due at once, and the interrupted attempt handed back.
    expect(await database.readJob(id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      lockedBy: null,
      lockedUntil: null,
      runAt: clock.now(),
    });

    const next = holdingWorker({ clock: clock.now });
    const nextRun = next.worker.runOnce();
    await next.started;
    next.release();
    expect(await nextRun).toBe(1);
    expect(await database.readJob(id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});
