import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, jobs } from '~/db/schema';
import type { TestApp } from '~tests/helpers/app';
import { appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { enqueueJob } from '~/server/jobs/enqueue-job';

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'job-watcher' }));
});
afterAll(() => app.close());

async function jobId(key: string) {
  const [row] = await app.database.db
    .select({ id: jobs.id, status: jobs.status })
    .from(jobs)
    .where(eq(jobs.idempotencyKey, key));
  return row!;
}

/** A job of a kind no handler knows: the worker marks it dead on its first run. */
async function deadJob(key: string) {
  await enqueueJob(app.database.db, {
    kind: 'no-such-kind',
    payload: { email: 'private@example.org' },
    key,
  });
  await app.jobWorker.runOnce();
  const job = await jobId(key);
  expect(job.status).toBe('dead');
  return job.id;
}

const retry = (id: number | string, session = admin) =>
  app.inject({ method: 'POST', url: `/api/admin/jobs/${id}/retry`, headers: session.headers });

describe('GET /api/admin/jobs', () => {
  it('gives counts by status and the recent jobs, without payloads', async () => {
    await deadJob('listed-dead');
    await enqueueJob(app.database.db, {
      kind: 'no-such-kind',
      payload: { secret: 'in the payload' },
      key: 'listed-pending',
      runAt: new Date(app.clock().getTime() + 3_600_000),
    });
    const res = await app.inject({ url: '/api/admin/jobs', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({
      pending: expect.any(Number),
      running: expect.any(Number),
      succeeded: expect.any(Number),
      dead: expect.any(Number),
    });
    expect(body.counts.dead).toBeGreaterThanOrEqual(1);
    expect(body.counts.pending).toBeGreaterThanOrEqual(1);
    expect(body.jobs[0]).toMatchObject({
      kind: 'no-such-kind',
      idempotencyKey: 'listed-pending',
      status: 'pending',
      attempts: 0,
      runAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lockedUntil: null,
    });
    expect(body.jobs[1]).toMatchObject({ idempotencyKey: 'listed-dead', status: 'dead' });
    expect(body.jobs[1].lastError).toMatch(/no-such-kind/);
    expect(res.body).not.toContain('in the payload');
    expect(res.body).not.toContain('private@example.org');
    expect(res.body).not.toContain('payload');
  });

  it('filters by status and limits', async () => {
    await deadJob('filtered-dead-1');
    await deadJob('filtered-dead-2');
    const res = await app.inject({
      url: '/api/admin/jobs?status=dead&limit=1',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().jobs).toEqual([
      expect.objectContaining({ idempotencyKey: 'filtered-dead-2', status: 'dead' }),
    ]);
  });

  it.each([
    ['status=broken', 'status'],
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=ten', 'limit'],
  ])('refuses ?%s with a field message', async (query, field) => {
    const res = await app.inject({
      url: `/api/admin/jobs?${query}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
  });
});

describe('POST /api/admin/jobs/:id/retry', () => {
  it('puts a dead job back to pending, records it, and the worker runs it again', async () => {
    const id = await deadJob('to-retry');
    const res = await retry(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ retried: true });
    const [row] = await app.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, finishedAt: null });
    const [entry] = await app.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target, `job:${id}`));
    expect(entry).toMatchObject({
      action: 'job-retried',
      actorId: admin.user.id,
      actorUsername: 'job-watcher',
      details: { kind: 'no-such-kind' },
    });
    await app.jobWorker.runOnce();
    expect((await jobId('to-retry')).status).toBe('dead');
  });

  it('answers 409 for a job that is not dead, 404 for an unknown one, 400 for a bad id', async () => {
    await enqueueJob(app.database.db, {
      kind: 'no-such-kind',
      payload: {},
      key: 'still-pending',
      runAt: new Date(app.clock().getTime() + 3_600_000),
    });
    const pending = await retry((await jobId('still-pending')).id);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error).toEqual({
      code: 'conflict',
      message: 'Only a dead job can be retried',
    });
    expect((await retry(987654)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '1.5']) {
      const res = await retry(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.fields).toHaveProperty('id');
    }
  });

  it('is open to a plain admin, not only owners', async () => {
    expect(admin.user.role).toBe('admin');
    const id = await deadJob('admin-may-retry');
    expect((await retry(id)).statusCode).toBe(200);
  });
});
