import { ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '~/db/client';
import { jobs } from '~/db/schema';
import { createTestDatabase } from '~tests/helpers/database';
import { enqueueJob } from './enqueue-job';
import { recordingLogger } from './job-test-kit';
import { createJobWorker } from './job-worker';

/**
 * Exactly-once under contention. On PostgreSQL two workers, each with its own connection pool
 * (two app instances, in effect), drain one table; PGlite has one connection, so there the same
 * scenario runs with one worker and checks the bookkeeping only.
 */
const jobCount = 1000;

let primary: DatabaseHandle & { url?: string };
const handles: DatabaseHandle[] = [];
beforeAll(async () => {
  primary = await createTestDatabase();
  handles.push(primary);
  if (primary.driver === 'postgres') {
    if (!primary.url) throw new Error('the PostgreSQL test database has no url');
    handles.push(await openDatabase({ databaseUrl: primary.url, poolSize: 4 }));
  }
}, 60_000);
afterAll(async () => {
  // The second pool first: closing the primary drops the database.
  for (const handle of handles.toReversed()) await handle.close();
});

describe(`concurrent workers`, () => {
  it(`run each of ${jobCount} jobs exactly once`, { timeout: 120_000 }, async () => {
    for (let i = 0; i < jobCount; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, jobCount - i) }, (_, j) =>
          enqueueJob(primary.db, { kind: 'record', payload: { n: i + j }, key: `job-${i + j}` }),
        ),
      );
    }
    expect(await primary.db.$count(jobs)).toBe(jobCount);

    const runsByJob = new Map<number, string[]>();
    const workers = handles.map((handle, n) =>
      createJobWorker({
        db: handle.db,
        logger: recordingLogger(),
        workerId: `worker-${n}`,
        batchSize: 20,
        handlers: {
          record: {
            run: async (_payload, { jobId }) => {
              runsByJob.set(jobId, [...(runsByJob.get(jobId) ?? []), `worker-${n}`]);
              // A round trip, so both workers have jobs in flight at the same moment.
              await handle.db.execute(sql`select 1`);
            },
          },
        },
      }),
    );
    // Each worker claims batch after batch until it finds nothing it can take.
    const claimed = await Promise.all(
      workers.map(async (worker) => {
        let total = 0;
        for (let n = await worker.runOnce(); n > 0; n = await worker.runOnce()) total += n;
        return total;
      }),
    );

    expect(claimed.reduce((a, b) => a + b)).toBe(jobCount);
    expect(runsByJob.size).toBe(jobCount);
    const twice = [...runsByJob].filter(([, runs]) => runs.length !== 1);
    expect(twice).toEqual([]);
    expect(await primary.db.$count(jobs, ne(jobs.status, 'succeeded'))).toBe(0);
    expect(await primary.db.$count(jobs, sql`${jobs.attempts} <> 1`)).toBe(0);
    // On PostgreSQL both workers took a share: the claims really did run side by side.
    const byWorker = new Set([...runsByJob.values()].flat());
    expect(byWorker.size).toBe(workers.length);
  });
});
