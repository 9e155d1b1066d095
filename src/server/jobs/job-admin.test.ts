import { describe, expect, it } from 'vitest';
import { claimDueJobs } from './job-store';
import { fakeClock, recordingLogger, type FakeClock, jobsTestDatabase } from './job-test-kit';
import { createJobWorker } from './job-worker';
import { listJobs } from './list-jobs';
import { retryDeadJob } from './retry-dead-job';

const database = jobsTestDatabase();

/** Jobs in every state: two succeeded, one dead, one running, three pending. */
async function seed(clock: FakeClock) {
  const { db } = database;
  const enqueue = (kind: string, key: string) =>
    database.enqueueAt(clock, { kind, payload: { secret: key }, key });
  const worker = createJobWorker({
    db,
    clock: clock.now,
    logger: recordingLogger(),
    handlers: {
      ok: { run: async () => {} },
      broken: { maxAttempts: 1, run: () => Promise.reject(new Error('mail server said no')) },
    },
  });
  await enqueue('ok', 'ok-1');
  await enqueue('ok', 'ok-2');
  const dead = await enqueue('broken', 'broken-1');
  expect(await worker.runOnce()).toBe(3);
  await enqueue('other', 'running-1');
  await claimDueJobs(db, { now: clock.now(), limit: 1, leaseMs: 60_000, workerId: 'elsewhere' });
  for (const key of ['pending-1', 'pending-2', 'pending-3']) await enqueue('ok', key);
  return { dead };
}

describe('listJobs', () => {
  it('lists the newest jobs first, with counts by status across the table', async () => {
    await seed(fakeClock());
    const listing = await listJobs(database.db, { limit: 4 });
    expect(listing.counts).toEqual({ pending: 3, running: 1, succeeded: 2, dead: 1 });
    expect(listing.jobs.map((j) => j.idempotencyKey)).toEqual([
      'pending-3',
      'pending-2',
      'pending-1',
      'running-1',
    ]);
    expect(listing.jobs[3]).toMatchObject({ status: 'running', lockedBy: 'elsewhere' });
    // The payload (personal data, perhaps) stays out of the list.
    expect(listing.jobs[0]).not.toHaveProperty('payload');
  });

  it('filters by status, and counts zero for a status no job has', async () => {
    const { db } = database;
    expect((await listJobs(db, { limit: 10 })).counts).toEqual({
      pending: 0,
      running: 0,
      succeeded: 0,
      dead: 0,
    });
    await seed(fakeClock());
    const dead = await listJobs(db, { status: 'dead', limit: 10 });
    expect(dead.jobs).toHaveLength(1);
    expect(dead.jobs[0]).toMatchObject({ kind: 'broken', lastError: 'mail server said no' });
    const succeeded = await listJobs(db, { status: 'succeeded', limit: 10 });
    expect(succeeded.jobs.map((j) => j.idempotencyKey)).toEqual(['ok-2', 'ok-1']);
  });
});

describe('retryDeadJob', () => {
  it('puts a dead job back to pending, due now, with its attempts reset', async () => {
    const { db } = database;
    const clock = fakeClock();
    const { dead } = await seed(clock);
    clock.advance(3600_000);
    expect(await retryDeadJob(db, dead.id, clock.now())).toBe(true);
    expect(await database.readJob(dead.id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      runAt: clock.now(),
      finishedAt: null,
    });
    expect(await retryDeadJob(db, dead.id, clock.now())).toBe(false); // pending now, not dead

    const fixed = createJobWorker({
      db,
      clock: clock.now,
      logger: recordingLogger(),
      handlers: { broken: { run: async () => {} }, ok: { run: async () => {} } },
    });
    await fixed.runOnce();
    expect(await database.readJob(dead.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('refuses a job that is not dead, or does not exist', async () => {
    const { db } = database;
    await seed(fakeClock());
    for (const status of ['pending', 'running', 'succeeded'] as const) {
      const [job] = (await listJobs(db, { status, limit: 1 })).jobs;
      expect(await retryDeadJob(db, job!.id)).toBe(false);
      expect(await database.readJob(job!.id)).toMatchObject({ status });
    }
    expect(await retryDeadJob(db, 999_999_999)).toBe(false);
  });
});
