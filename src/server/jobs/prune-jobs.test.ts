import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/client';
import { jobs } from '~/db/schema';
import { createTestDatabase } from '~tests/helpers/database';
import { enqueueJob } from './enqueue-job';
import { createJobWorker } from './job-worker';
import { pruneSucceededJobs, succeededJobRetentionMs } from './prune-jobs';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

describe('pruneSucceededJobs', () => {
  it('deletes only succeeded jobs finished before the cut-off', async () => {
    const { db } = handle;
    const now = new Date('2026-11-22T12:00:00Z');
    const old = new Date(now.getTime() - succeededJobRetentionMs - 60_000);
    const recent = new Date(now.getTime() - 60_000);
    for (const key of ['old-ok', 'recent-ok', 'old-dead', 'pending']) {
      await enqueueJob(db, { kind: 'test', key, payload: {} });
    }
    await db
      .update(jobs)
      .set({ status: 'succeeded', finishedAt: old })
      .where(eq(jobs.idempotencyKey, 'old-ok'));
    await db
      .update(jobs)
      .set({ status: 'succeeded', finishedAt: recent })
      .where(eq(jobs.idempotencyKey, 'recent-ok'));
    await db
      .update(jobs)
      .set({ status: 'dead', finishedAt: old })
      .where(eq(jobs.idempotencyKey, 'old-dead'));

    const cutOff = new Date(now.getTime() - succeededJobRetentionMs);
    expect(await pruneSucceededJobs(db, cutOff)).toBe(1);
    const left = (await db.select({ key: jobs.idempotencyKey }).from(jobs))
      .map((r) => r.key)
      .sort();
    expect(left).toEqual(['old-dead', 'pending', 'recent-ok']);
    expect(await pruneSucceededJobs(db, cutOff)).toBe(0);
  });

  it('is run by a polling worker when it starts', async () => {
    const { db } = handle;
    const now = new Date('2026-11-22T12:00:00Z');
    await enqueueJob(db, { kind: 'test', key: 'ancient', payload: {} });
    await db
      .update(jobs)
      .set({
        status: 'succeeded',
        finishedAt: new Date(now.getTime() - 2 * succeededJobRetentionMs),
      })
      .where(eq(jobs.idempotencyKey, 'ancient'));
    const quiet = { debug() {}, info() {}, warn() {}, error() {} };
    const worker = createJobWorker({ db, handlers: {}, logger: quiet, clock: () => now });
    worker.start();
    await worker.stop();
    const keys = (await db.select({ key: jobs.idempotencyKey }).from(jobs)).map((r) => r.key);
    expect(keys).not.toContain('ancient');
  });
});
