import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { jobs } from '~/db/schema';
import * as jobStore from './job-store';
import { enqueueAt, fakeClock, readJob, recordingLogger, jobsTestDatabase } from './job-test-kit';
import { createJobWorker } from './job-worker';
import { successRecorder } from './record-successes';

// The real statement, counted.
vi.mock('./job-store', async (importOriginal) => {
  const real = await importOriginal<typeof jobStore>();
  return { ...real, markJobsSucceeded: vi.fn(real.markJobsSucceeded) };
});

const database = jobsTestDatabase();
/** One turn of the event loop: an idle recorder's statement is then under way. */
const nextTurn = () => new Promise(setImmediate);
const statements = vi.mocked(jobStore.markJobsSucceeded);

/** `count` jobs claimed by worker `w`, and their leases. */
async function claimed(count: number, clock = fakeClock()) {
  for (let n = 0; n < count; n++)
    await enqueueAt(database.db, clock, { kind: 'mail', payload: {}, key: `job-${n}` });
  const now = clock.now();
  const runs = await jobStore.claimDueJobs(database.db, {
    now,
    limit: count,
    leaseMs: 30_000,
    workerId: 'w',
  });
  return runs.map((job) => ({ id: job.id, attempts: job.attempts, workerId: 'w' }));
}

describe('recording job successes', () => {
  it('records the successes that come while a statement runs together, each fenced by its lease', async () => {
    const [first, second, third] = await claimed(3);
    statements.mockClear();
    const record = successRecorder(database.db, fakeClock().now);
    // The third run's lease was lost: its job is another attempt's now.
    const lost = { ...third!, attempts: 2 };
    const alone = record(first!);
    await nextTurn();
    const together = [second!, lost].map(record);
    expect(await Promise.all([alone, ...together])).toEqual([true, true, false]);
    // The first went alone; the two that came while it ran went in one statement.
    expect(statements.mock.calls.map(([, leases]) => leases)).toEqual([[first], [second, lost]]);
    expect(await readJob(database.db, second!.id)).toMatchObject({ status: 'succeeded' });
    expect(await readJob(database.db, third!.id)).toMatchObject({ status: 'running' });
  });

  it('fails every success of a statement that failed, and goes on with the next ones', async () => {
    const [first, second, third] = await claimed(3);
    statements.mockClear();
    statements.mockRejectedValueOnce(new Error('connection lost'));
    const record = successRecorder(database.db, fakeClock().now);
    const failing = Promise.allSettled([record(first!)]);
    await nextTurn();
    const later = Promise.allSettled([record(second!)]);
    const outcomes = [...(await failing), ...(await later)];
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled']);
    expect(await record(third!)).toBe(true);
    // The failed one stays running: it runs again once its lease has passed.
    expect(await readJob(database.db, first!.id)).toMatchObject({ status: 'running' });
  });

  it('records each success of a failed statement again on its own, so no batch of mail is sent twice', async () => {
    const leases = await claimed(3);
    statements.mockClear();
    statements.mockRejectedValueOnce(new Error('connection lost'));
    const record = successRecorder(database.db, fakeClock().now);
    expect(await Promise.all(leases.map(record))).toEqual([true, true, true]);
    expect(statements.mock.calls.map(([, batch]) => batch.length)).toEqual([3, 1, 1, 1]);
  });

  it('records a batch of jobs that finish together in one statement, not one per job', async () => {
    const clock = fakeClock();
    for (let n = 0; n < 10; n++)
      await enqueueAt(database.db, clock, { kind: 'mail', payload: {}, key: `mail-${n}` });
    const worker = createJobWorker({
      db: database.db,
      logger: recordingLogger(),
      clock: clock.now,
      handlers: { mail: { run: async () => {} } },
    });
    statements.mockClear();
    expect(await worker.runOnce()).toBe(10);
    expect(statements.mock.calls.map(([, leases]) => leases.length)).toEqual([10]);
    expect(await database.db.$count(jobs, eq(jobs.status, 'succeeded'))).toBe(10);
  });
});
