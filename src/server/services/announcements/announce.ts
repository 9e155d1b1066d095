import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { insertManyTemplate } from '~/db/insert-many';
import { oneStatement, type StatementPart } from '~/db/one-statement';
import { prepareStatement } from '~/db/prepared-statement';
import { integrations, jobs, webhookDeliveries } from '~/db/schema';
import { enqueueJobsTemplate } from '../../jobs/enqueue-job';
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
 * `announce` for several events in one go (a batch of form posts, issue 20), as one statement:
 * the integrations are read, and the CRM syncs, the webhook deliveries and their jobs written,
 * in one round trip. Returns what was announced for each event, in order.
 */
export async function announceAll(
  tx: DatabaseExecutor,
  inputs: BusinessEvent[],
): Promise<Announced[]> {
  const { values, announced } = plain.values(inputs);
  const { rows } = (await tx.execute(announceStatement.withValues(values))) as unknown as {
    rows: AnnouncementResult[];
  };
  return announced(rows[0]!);
}

const to = sql.identifier('announce_to');
const disabledEndpoint = 'The endpoint was disabled';
const column = (c: { name: string }) => sql.identifier(c.name);

/**
 * The announcements as parts of a larger statement (`oneStatement`, `prepareStatement`), so a
 * form's row, its mails and its announcements are written in one round trip with no
 * transaction around them. The integrations are read in the statement itself: what the office
 * configured when the row was written decides, as in `announceAll`. Select `result` (the
 * columns of `AnnouncementResult`) and give its row to the `announced` of `values`.
 *
 * - GoHighLevel: the `ghl.sync` jobs, where its row is enabled.
 * - Zapier, with a webhook URL: the delivery rows, `pending` with their `zapier.deliver` jobs
 *   while the endpoint is enabled, else `failed` ("The endpoint was disabled") to be resent.
 *
 * With `rowFilter`, each event names its row (`values`' `rowsOf`) and only the events of the
 * rows in `rowFilter.in` are announced: the rows the statement itself wrote.
 */
export function announcementStatement(rowFilter?: { type: string; in: SQL }) {
  const ghlJobs = enqueueJobsTemplate('announce_ghl', {
    onlyIf: sql`(select ghl from ${to})`,
    rowFilter,
  });
  const deliveries = insertManyTemplate(
    webhookDeliveries,
    'announce_delivery',
    ['eventKey', 'eventId', 'eventType', 'payload', 'jobKey'],
    {
      skipConflictOn: [webhookDeliveries.endpoint, webhookDeliveries.eventKey],
      onlyIf: sql`(select zapier_url from ${to})`,
      computed: [
        [webhookDeliveries.endpoint, sql`'zapier'`],
        [
          webhookDeliveries.status,
          sql`case when (select zapier from ${to}) then 'pending' else 'failed' end`,
        ],
        [
          webhookDeliveries.lastError,
          sql`case when (select zapier from ${to}) then null else ${disabledEndpoint} end`,
        ],
      ],
      returning: {
        id: webhookDeliveries.id,
        eventKey: webhookDeliveries.eventKey,
        status: webhookDeliveries.status,
      },
      rowFilter,
    },
  );
  const parts: StatementPart[] = [
    [
      'announce_to',
      sql`select coalesce(bool_or(${integrations.id} = 'ghl' and ${integrations.enabled}), false) as ghl,
        coalesce(bool_or(${integrations.id} = 'zapier' and ${integrations.url} is not null), false) as zapier_url,
        coalesce(bool_or(${integrations.id} = 'zapier' and ${integrations.url} is not null and ${integrations.enabled}), false) as zapier
        from ${integrations}`,
    ],
    ['announce_ghl_jobs', ghlJobs.query],
    ['announce_deliveries', deliveries.query],
    [
      'announce_zapier_jobs',
      sql`insert into ${jobs} (${column(jobs.kind)}, ${column(jobs.idempotencyKey)}, ${column(jobs.payload)}, ${column(jobs.runAt)})
        select ${ZAPIER_DELIVERY_JOB_KIND}, 'zapier:' || "eventKey", jsonb_build_object('deliveryId', "id"), ${sql.placeholder('announce.now')}::timestamptz
        from announce_deliveries where "status" = 'pending' order by 2
        on conflict (${column(jobs.idempotencyKey)}) do nothing`,
    ],
  ];
  const result = sql`(select ghl from ${to}) as announce_ghl,
    (select coalesce(json_agg("eventKey"), '[]') from announce_deliveries) as announce_delivered`;

  /**
   * The values for these events (each checked against its strict schema: anything private
   * passed by mistake throws here, before anything is written), and how to read what was
   * announced for each from the statement's `result`. `rowsOf[i]`: the row of event i.
   */
  function values(
    inputs: BusinessEvent[],
    rowsOf: unknown[] = [],
  ): { values: Record<string, unknown>; announced: (row: AnnouncementResult) => Announced[] } {
    const now = new Date();
    const events = inputs.map((input, i) => {
      const event = businessEventSchema.parse(input);
      return { event, eventKey: `${event.type}:${subjectOf(event)}`, rowOf: rowsOf[i] };
    });
    const syncs = events.map(({ event, eventKey, rowOf }) => ({
      eventKey,
      rowOf,
      sync: ghlSyncOf(event),
    }));
    return {
      values: {
        'announce.now': now.toISOString(),
        ...ghlJobs.values(
          syncs.flatMap(({ eventKey, sync, rowOf }) =>
            sync ? [{ kind: GHL_SYNC_JOB_KIND, key: `ghl:${eventKey}`, payload: sync, rowOf }] : [],
          ),
        ),
        ...deliveries.values(
          events.map(({ event, eventKey, rowOf }) => {
            const eventId = `msg_${randomUUID().replace(/-/g, '')}`;
            return {
              endpoint: 'zapier' as const,
              eventKey,
              eventId,
              eventType: event.type,
              payload: webhookEventOf(event, eventId, event.occurredAt ?? now),
              jobKey: `zapier:${eventKey}`,
              rowOf,
            };
          }),
        ),
      },
      announced({ announce_ghl: ghl, announce_delivered: keys }) {
        const delivered = new Set(keys);
        return events.map(({ eventKey }, i) => ({
          ghl: ghl && Boolean(syncs[i]?.sync),
          zapier: delivered.has(eventKey),
        }));
      },
    };
  }
  return { parts, result, values };
}

/** What an `announcementStatement`'s `result` columns say once the statement ran. */
export interface AnnouncementResult {
  /** GoHighLevel was configured: the syncs were queued. */
  announce_ghl: boolean;
  /** The event keys given a Zapier delivery now (JSON, so each driver reads it as an array). */
  announce_delivered: string[];
}

const plain = announcementStatement();
const announceStatement = prepareStatement(
  'announce',
  oneStatement(plain.parts, sql`select ${plain.result}`),
);
