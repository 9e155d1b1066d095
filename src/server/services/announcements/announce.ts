import { randomUUID } from 'node:crypto';
import { integrations, webhookDeliveries } from '~/db/schema';
import { enqueueJobs } from '../../jobs/enqueue-job';
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
  const [announced] = await announceAll(tx, [input]);
  return announced!;
}

/**
 * `announce` for several events in one go (a batch of form posts, issue 20): the integrations
 * are read once, and the CRM syncs, the webhook deliveries and their jobs are each one
 * statement. Returns what was announced for each event, in order.
 */
export async function announceAll(
  tx: DatabaseExecutor,
  inputs: BusinessEvent[],
): Promise<Announced[]> {
  const events = inputs.map((input) => {
    const event = businessEventSchema.parse(input);
    return { event, eventKey: `${event.type}:${subjectOf(event)}` };
  });
  const rows = await tx
    .select({ id: integrations.id, enabled: integrations.enabled, url: integrations.url })
    .from(integrations);
  const ghl = rows.find((r) => r.id === 'ghl');
  const zapier = rows.find((r) => r.id === 'zapier');

  const syncs = ghl?.enabled
    ? events.map(({ event, eventKey }) => ({ eventKey, sync: ghlSyncOf(event) }))
    : [];
  await enqueueJobs(
    tx,
    syncs.flatMap(({ eventKey, sync }) =>
      sync ? [{ kind: GHL_SYNC_JOB_KIND, key: `ghl:${eventKey}`, payload: sync }] : [],
    ),
  );
  const delivered = zapier?.url ? await recordDeliveries(tx, events, zapier.enabled) : new Set();
  return events.map(({ eventKey }, i) => ({
    ghl: Boolean(syncs[i]?.sync),
    zapier: delivered.has(eventKey),
  }));
}

/**
 * Zapier's delivery rows, and their jobs while the endpoint is enabled; with the endpoint
 * disabled a delivery is logged as failed, so it can be resent once it is back. An event already
 * delivered (same key) is left alone. Returns the keys of the events given a delivery now.
 */
async function recordDeliveries(
  tx: DatabaseExecutor,
  events: { event: BusinessEvent; eventKey: string }[],
  enabled: boolean,
): Promise<Set<string>> {
  const recorded = await tx
    .insert(webhookDeliveries)
    .values(
      events.map(({ event, eventKey }) => {
        const eventId = `msg_${randomUUID().replace(/-/g, '')}`;
        return {
          endpoint: 'zapier' as const,
          eventKey,
          eventId,
          eventType: event.type,
          payload: webhookEventOf(event, eventId, event.occurredAt ?? new Date()),
          jobKey: `zapier:${eventKey}`,
          ...(enabled ? {} : { status: 'failed' as const, lastError: 'The endpoint was disabled' }),
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id, eventKey: webhookDeliveries.eventKey });
  if (enabled) {
    await enqueueJobs(
      tx,
      recorded.map((delivery) => ({
        kind: ZAPIER_DELIVERY_JOB_KIND,
        key: `zapier:${delivery.eventKey}`,
        payload: { deliveryId: delivery.id },
      })),
    );
  }
  return new Set(recorded.map((delivery) => delivery.eventKey));
}
