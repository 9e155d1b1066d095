import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobs } from '~/db/schema';
import { AppError } from '~/server/errors';
import { listJobs, type JobSummary } from '~/server/jobs/list-jobs';
import { retryDeadJob } from '~/server/jobs/retry-dead-job';
import { recordAudit } from '~/server/services/audit/record-audit';
import { jobIdParams, jobListing, jobRetried, jobsQuery } from '~/shared/schemas/admin';
import { at } from '~/server/lib/route-at';
import { adminApi } from '~/shared/api/admin';

function serializeJob(job: JobSummary) {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    ...job,
    runAt: job.runAt.toISOString(),
    lockedUntil: iso(job.lockedUntil),
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    finishedAt: iso(job.finishedAt),
  };
}

/** The outbox as the admin sees it: counts, recent jobs (no payloads), and retry of a dead one. */
export const adminJobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...at(app, adminApi.jobs),
    schema: { querystring: jobsQuery, response: { 200: jobListing } },
    handler: async (request) => {
      const listing = await listJobs(db, request.query);
      return { counts: listing.counts, jobs: listing.jobs.map(serializeJob) };
    },
  });

  app.route({
    ...at(app, adminApi.retryJob),
    schema: { params: jobIdParams, response: { 200: jobRetried } },
    handler: async (request) => {
      const { id } = request.params;
      const [job] = await db
        .select({ kind: jobs.kind, status: jobs.status })
        .from(jobs)
        .where(eq(jobs.id, id));
      if (!job) throw new AppError('not_found', 'No such job');
      const now = app.clock();
      if (job.status !== 'dead' || !(await retryDeadJob(db, id, now))) {
        throw new AppError('conflict', 'Only a dead job can be retried');
      }
      await recordAudit(db, {
        actor: request.adminUser,
        action: 'job-retried',
        target: `job:${id}`,
        details: { kind: job.kind },
        ip: request.ip,
        at: now,
      });
      app.jobWorker.wake();
      return { retried: true as const };
    },
  });
};
