import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '~/db/client';
import { jobs, webhookDeliveries } from '~/db/schema';
import type { WebhookDeliveryStatus } from '~/shared/domain';
import type { WebhookDelivery } from '~/shared/schemas/integrations';
import { enqueueJob } from '~/server/jobs/enqueue-job';
import { ZAPIER_DELIVERY_JOB_KIND } from '~/server/services/announcements/job-kinds';
import { attemptDelivery, type DeliveryContext } from './zapier-delivery';
import { readEndpoint, ZAPIER } from './webhook-endpoint';

export const DELIVERY_LIST_LIMIT = 50;
const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The delivery log, newest first. The next try comes from the outbox job doing the sending: the
 * schedule lives there, not in a copy that could disagree.
 */
export async function listDeliveries(
  db: Database,
  { status }: { status?: WebhookDeliveryStatus },
): Promise<WebhookDelivery[]> {
  const rows = await db
    .select({
      delivery: webhookDeliveries,
      jobStatus: jobs.status,
      jobRunAt: jobs.runAt,
    })
    .from(webhookDeliveries)
    .leftJoin(jobs, eq(jobs.idempotencyKey, webhookDeliveries.jobKey))
    .where(status ? eq(webhookDeliveries.status, status) : undefined)
    .orderBy(desc(webhookDeliveries.id))
    .limit(DELIVERY_LIST_LIMIT);
  return rows.map(({ delivery: d, jobStatus, jobRunAt }) => ({
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    nextAttemptAt:
      d.status === 'pending' && (jobStatus === 'pending' || jobStatus === 'running')
        ? iso(jobRunAt)
        : null,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: iso(d.deliveredAt),
  }));
}

export type ResendOutcome = 'resent' | 'not_found' | 'not_failed' | 'disabled';

/**
 * A failed delivery gets a new round of tries: pending again, with a new outbox job (its key
 * counts the resends). Refused while the endpoint is disabled: turn it back on first.
 */
export async function resendDelivery(db: Database, id: number, now: Date): Promise<ResendOutcome> {
  return db.transaction(async (tx) => {
    const endpoint = await readEndpoint(tx);
    const [row] = await tx
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, id))
      .for('update');
    if (!row) return 'not_found';
    if (row.status !== 'failed') return 'not_failed';
    if (!endpoint?.url || !endpoint.enabled) return 'disabled';
    const resends = row.resends + 1;
    const jobKey = `zapier:${row.eventKey}:resend:${resends}`;
    await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', resends, jobKey, updatedAt: now })
      .where(eq(webhookDeliveries.id, id));
    await enqueueJob(tx, {
      kind: ZAPIER_DELIVERY_JOB_KIND,
      key: jobKey,
      payload: { deliveryId: id },
      runAt: now,
    });
    return 'resent';
  });
}

/** Resends every failed delivery; how many. For after an outage, once the endpoint is back. */
export async function resendFailedDeliveries(db: Database, now: Date) {
  const failed = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpoint, ZAPIER),
        inArray(webhookDeliveries.status, ['failed'] satisfies WebhookDeliveryStatus[]),
      ),
    );
  let resent = 0;
  for (const { id } of failed) {
    if ((await resendDelivery(db, id, now)) === 'resent') resent += 1;
  }
  return resent;
}

/**
 * The tab's "Send Test": one `webhook.test` event, posted now (not queued) so the admin sees the
 * answer, and kept in the log like any delivery.
 */
export async function sendTestEvent(ctx: DeliveryContext, siteName: string) {
  const endpoint = await readEndpoint(ctx.db);
  if (!endpoint?.url) return { success: false, message: 'Set the webhook URL first.' };
  const eventId = `msg_${randomUUID().replace(/-/g, '')}`;
  const now = ctx.clock();
  const [delivery] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      endpoint: ZAPIER,
      eventKey: `webhook.test:${eventId}`,
      eventId,
      eventType: 'webhook.test',
      payload: {
        id: eventId,
        type: 'webhook.test',
        timestamp: now.toISOString(),
        data: { message: `A test event from ${siteName}.` },
      },
      jobKey: `zapier-test:${eventId}`,
    })
    .returning();
  const outcome = await attemptDelivery(ctx, { ...endpoint, url: endpoint.url }, delivery!);
  if (outcome.delivered) {
    return { success: true, message: `The webhook answered ${outcome.status}.` };
  }
  await ctx.db
    .update(webhookDeliveries)
    .set({ status: 'failed', updatedAt: ctx.clock() })
    .where(eq(webhookDeliveries.id, delivery!.id));
  return { success: false, message: outcome.error ?? 'The webhook could not be delivered.' };
}
