import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/client';
import { contactMessages, jobs } from '~/db/schema';
import { createTestDatabase } from '~tests/helpers/database';
import { enqueueJob, enqueueJobs } from './enqueue-job';
import { jobByKey, recordingLogger } from './job-test-kit';
import { createJobWorker } from './job-worker';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const message = { name: 'Sarah Cohen', email: 'sarah@example.org', message: 'Please pray.' };

describe('enqueueJob', () => {
  it('creates one job per idempotency key, and the worker runs it once', async () => {
    const { db } = database;
    const payload = { subscriberId: 'sub-1' };
    const key = 'newsletter-confirm:sub-1';
    expect(await enqueueJob(db, { kind: 'email', payload, key })).toEqual({ created: true });
    expect(await enqueueJob(db, { kind: 'email', payload, key })).toEqual({ created: false });

    const runs: unknown[] = [];
    const worker = createJobWorker({
      db,
      logger: recordingLogger(),
      handlers: { email: { run: async (p) => void runs.push(p) } },
    });
    expect(await worker.runOnce()).toBe(1);
    // Enqueuing the same work after it ran is still a no-op: the key names the work, not a try.
    expect(await enqueueJob(db, { kind: 'email', payload, key })).toEqual({ created: false });
    expect(await worker.runOnce()).toBe(0);
    expect(runs).toEqual([payload]);
    expect(await jobByKey(db, key)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('writes several jobs in one statement, skipping keys already taken', async () => {
    const { db } = database;
    await enqueueJob(db, { kind: 'ping', payload: {}, key: 'batch:1' });
    const result = await enqueueJobs(db, [
      { kind: 'ping', payload: { n: 1 }, key: 'batch:1' },
      { kind: 'ping', payload: { n: 2 }, key: 'batch:2' },
      { kind: 'ping', payload: { n: 3 }, key: 'batch:3' },
    ]);
    expect(result).toEqual({ created: 2 });
    expect(await jobByKey(db, 'batch:1')).toMatchObject({ payload: {} });
    expect(await jobByKey(db, 'batch:3')).toMatchObject({ payload: { n: 3 } });
    expect(await enqueueJobs(db, [])).toEqual({ created: 0 });
  });

  it('gives every job without a key a key of its own', async () => {
    const { db } = database;
    const before = await db.$count(jobs);
    expect((await enqueueJob(db, { kind: 'ping', payload: {} })).created).toBe(true);
    expect((await enqueueJob(db, { kind: 'ping', payload: {} })).created).toBe(true);
    expect(await db.$count(jobs)).toBe(before + 2);
  });

  it('writes nothing when the transaction around it rolls back', async () => {
    const { db } = database;
    const jobsBefore = await db.$count(jobs);
    const messagesBefore = await db.$count(contactMessages);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(contactMessages).values(message);
        const { created } = await enqueueJob(tx, {
          kind: 'email',
          payload: {},
          key: 'rolled-back',
        });
        expect(created).toBe(true);
        throw new Error('the business operation failed after enqueuing');
      }),
    ).rejects.toThrow('the business operation failed');
    expect(await db.$count(jobs)).toBe(jobsBefore);
    expect(await db.$count(contactMessages)).toBe(messagesBefore);
    // The key is free again: the rolled-back job never existed.
    expect((await enqueueJob(db, { kind: 'email', payload: {}, key: 'rolled-back' })).created).toBe(
      true,
    );
  });

  it('commits the job with the business row', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.insert(contactMessages).values(message);
      await enqueueJob(tx, { kind: 'email', payload: { to: 'staff' }, key: 'committed' });
    });
    expect(await jobByKey(db, 'committed')).toMatchObject({
      kind: 'email',
      status: 'pending',
      payload: { to: 'staff' },
      attempts: 0,
      maxAttempts: null,
    });
  });

  it('keeps a per-job attempt limit and run time', async () => {
    const { db } = database;
    const runAt = new Date('2031-05-01T12:00:00.000Z');
    await enqueueJob(db, { kind: 'email', payload: [1, 2], key: 'later', runAt, maxAttempts: 2 });
    expect(await jobByKey(db, 'later')).toMatchObject({ runAt, maxAttempts: 2, payload: [1, 2] });
  });

  it('refuses a payload that is not JSON', async () => {
    await expect(enqueueJob(database.db, { kind: 'email', payload: undefined })).rejects.toThrow(
      'payload',
    );
  });
});
