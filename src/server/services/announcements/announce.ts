import { randomUUID } from 'node:crypto';
import { integrations, webhookDeliveries } from '~/db/schema';
import { enqueueJob } from '~/server/jobs/enqueue-job';
import type { DatabaseExecutor } from '~/db/client';
import { businessEventSchema, subjectOf, webhookEventOf, type BusinessEvent } from './events';
import { ghlSyncOf } from './crm-sync';
import { GHL_SYNC_JOB_KIND, ZAPIER_DELIVERY_JOB_KIND } from './job-kinds';

export interface Announced {
  /** A CRM sync was queued. */
  ghl: boolean;
  /** A webhook delivery was recorded (and queued, unless the endpoint is disabled). */
  zapier: boolean;
}

/**
 * The one way the rest of the app tells the outside world that something happened. Call it in
 * the transaction that writes the business row: the CRM sync and the webhook delivery then exist
 * if and only if the row does, and the outbox delivers them once the services answer.
 *
 * - GoHighLevel: a `ghl.sync` job, only when GHL is configured (its row in `integrations`,
 *   written at boot from the GHL_* settings).
 * - Zapier: a delivery row and a `zapier.deliver` job, only when a webhook URL is set. With the
 *   endpoint disabled the delivery is logged as failed, so it can be resent once it is back.
 *
 * The event's fields are checked against a strict schema (events.ts): anything private passed
 * by mistake throws here, inside the caller's transaction, instead of being sent. Announcing
 * the same fact twice (same type and row id) queues nothing more.
 */
export async function announce(tx: DatabaseExecutor, input: BusinessEvent): Promise<Announced> {
  const event = businessEventSchema.parse(input);
  const eventKey = `${event.type}:${subjectOf(event)}`;
  const at = event.occurredAt ?? new Date();
  const rows = await tx
    .select({ id: integrations.id, enabled: integrations.enabled, url: integrations.url })
    .from(integrations);
  const ghl = rows.find((r) => r.id === 'ghl');
  const zapier = rows.find((r) => r.id === 'zapier');
  const announced: Announced = { ghl: false, zapier: false };

  const sync = ghl?.enabled ? ghlSyncOf(event) : null;
  if (sync) {
    await enqueueJob(tx, { kind: GHL_SYNC_JOB_KIND, key: `ghl:${eventKey}`, payload: sync });
    announced.ghl = true;
  }

  if (zapier?.url) {
    const eventId = `msg_${randomUUID().replace(/-/g, '')}`;
    const jobKey = `zapier:${eventKey}`;
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({
        endpoint: 'zapier',
        eventKey,
        eventId,
        eventType: event.type,
        payload: webhookEventOf(event, eventId, at),
        jobKey,
        ...(zapier.enabled
          ? {}
          : { status: 'failed' as const, lastError: 'The endpoint was disabled' }),
      })
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    if (delivery && zapier.enabled) {
      await enqueueJob(tx, {
        kind: ZAPIER_DELIVERY_JOB_KIND,
        key: jobKey,
        payload: { deliveryId: delivery.id },
      });
    }
    announced.zapier = delivery !== undefined;
  }
  return announced;
}
