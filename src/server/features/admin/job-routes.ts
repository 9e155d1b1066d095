import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listJobs, type JobSummary } from '~/server/jobs/list-jobs';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { jobIdParams, jobListing, jobRetried, jobsQuery } from '~/shared/schemas/admin';
import { at } from '~/server/lib/route-at';
import { adminApi } from '~/shared/api/admin';
import { retryJob } from './retry-job';

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
      await retryJob(db, request.params.id, auditContextOf(request, app.clock()));
      app.jobWorker.wake();
      return { retried: true as const };
    },
  });
};
