import { eq } from 'drizzle-orm';
import { jobs } from '~/db/schema';
import type { Database } from '~/db/client';
import { AppError } from '~/server/errors';
import { retryDeadJob } from '~/server/jobs/retry-dead-job';
import type { AuditContext } from '~/server/services/audit/audit-context';
import { recordAuditBy } from '~/server/services/audit/audit-context';

/**
 * An admin retries a dead job from the outbox's page: it runs again now, audited. Not found for an
 * unknown job; a conflict for one that is not dead (still pending, running or done).
 */
export async function retryJob(db: Database, id: number, context: AuditContext) {
  await db.transaction(async (tx) => {
    const [job] = await tx
      .select({ kind: jobs.kind, status: jobs.status })
      .from(jobs)
      .where(eq(jobs.id, id));
    if (!job) throw new AppError('not_found', 'No such job');
    if (job.status !== 'dead' || !(await retryDeadJob(tx, id, context.now))) {
      throw new AppError('conflict', 'Only a dead job can be retried');
    }
    await recordAuditBy(tx, context, {
      action: 'job-retried',
      target: `job:${id}`,
      details: { kind: job.kind },
    });
  });
}
