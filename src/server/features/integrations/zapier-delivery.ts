import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '~/db/client';
import { webhookDeliveries, type IntegrationRow, type WebhookDeliveryRow } from '~/db/schema';
import { RetryLaterError } from '~/server/jobs/run-claimed-job';
import type { JobHandler } from '~/server/jobs/types';
import type { DatabaseExecutor } from '~/db/client';
import type { Clock } from '~/server/lib/clock';
import { enqueueMail } from '~/server/services/mail/mail-job';
import type { AddressPolicy } from './address-guard';
import { retryAfterMs } from './ghl-client';
import { postWebhook } from './post-webhook';
import { disableEndpoint, readEndpoint, signatureHeader } from './webhook-endpoint';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
/**
 * The waits between tries, after Standard Webhooks' example: 8 tries over about 27 hours. The
 * last failure disables the endpoint and mails the office.
 */
export const webhookRetrySchedule = [
  5 * second,
  5 * minute,
  30 * minute,
  2 * hour,
  5 * hour,
  10 * hour,
  10 * hour,
];

export interface DeliveryContext {
  db: Database;
  policy: AddressPolicy;
  clock: Clock;
  officeEmail: string;
}

export interface AttemptOutcome {
  delivered: boolean;
  status: number | null;
  error: string | null;
  retryAfterMs: number | null;
}

/** Waits from the schedule, with ±10% jitter so deliveries that failed together spread out. */
export function webhookBackoff(attempt: number, random = Math.random) {
  const base = webhookRetrySchedule[Math.min(attempt, webhookRetrySchedule.length) - 1] ?? 0;
  return Math.round(base * (0.9 + random() * 0.2));
}

/**
 * One signed POST of a delivery, recorded on its row (attempts, last status, last error). The
 * `webhook-timestamp` is the wall clock: the receiver checks it against its own clock.
 */
export async function attemptDelivery(
  ctx: Pick<DeliveryContext, 'db' | 'policy' | 'clock'>,
  endpoint: IntegrationRow & { url: string },
  delivery: WebhookDeliveryRow,
  signal?: AbortSignal,
): Promise<AttemptOutcome> {
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    'webhook-id': delivery.eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(endpoint, delivery.eventId, timestamp, body, ctx.clock()),
  };
  let outcome: AttemptOutcome;
  try {
    const answer = await postWebhook(endpoint.url, headers, body, ctx.policy, signal);
    const delivered = answer.status >= 200 && answer.status < 300;
    outcome = {
      delivered,
      status: answer.status,
      error: delivered ? null : `The receiver answered ${answer.status}`,
      retryAfterMs: retryAfterMs(answer.retryAfter, Date.now()),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    outcome = { delivered: false, status: null, error: message, retryAfterMs: null };
  }
  const now = ctx.clock();
  await ctx.db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastStatus: outcome.status,
      lastError: outcome.error,
      updatedAt: now,
      ...(outcome.delivered ? { status: 'succeeded' as const, deliveredAt: now } : {}),
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  return outcome;
}

async function markFailed(db: DatabaseExecutor, id: number, error: string, now: Date) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: error, updatedAt: now })
    .where(eq(webhookDeliveries.id, id));
}

/** Turns the endpoint off and tells the office, once, with the delivery's failure. */
async function disableAndNotify(ctx: DeliveryContext, url: string, reason: string) {
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    if (!(await disableEndpoint(tx, reason, now))) return;
    await enqueueMail(tx, {
      key: `webhook-disabled:zapier:${now.getTime()}`,
      to: ctx.officeEmail,
      template: 'webhook-disabled',
      data: { url, reason, disabledAt: now.toISOString() },
    });
  });
}

const payloadSchema = z.object({ deliveryId: z.number().int() });

/**
 * Delivers one event to the Zapier endpoint. Only a 2xx is success. A 410 disables the endpoint
 * at once; a failure on the last try disables it too; both mail the office. A Retry-After (429,
 * 503) pushes the next try back. The row is skipped once delivered, and failed without a request
 * while the endpoint is disabled.
 */
export function zapierDeliveryJobHandler(context: () => DeliveryContext): JobHandler {
  return {
    maxAttempts: webhookRetrySchedule.length + 1,
    backoff: (attempt) => webhookBackoff(attempt),
    async run(payload, job) {
      const ctx = context();
      const { deliveryId } = payloadSchema.parse(payload);
      const [delivery] = await ctx.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, deliveryId));
      if (!delivery || delivery.status === 'succeeded') return;
      const endpoint = await readEndpoint(ctx.db);
      if (!endpoint?.url || !endpoint.enabled) {
        return markFailed(ctx.db, delivery.id, 'The endpoint was disabled', ctx.clock());
      }
      const outcome = await attemptDelivery(
        ctx,
        { ...endpoint, url: endpoint.url },
        delivery,
        job.signal,
      );
      if (outcome.delivered) return;
      const error = outcome.error ?? 'The webhook could not be delivered';
      if (outcome.status === 410) {
        await markFailed(ctx.db, delivery.id, error, ctx.clock());
        return disableAndNotify(
          ctx,
          endpoint.url,
          'The receiver answered 410 Gone: it wants no more events.',
        );
      }
      if (job.attempt >= job.maxAttempts) {
        await markFailed(ctx.db, delivery.id, error, ctx.clock());
        await disableAndNotify(
          ctx,
          endpoint.url,
          `Deliveries kept failing for over a day (${job.attempt} tries; last: ${error}).`,
        );
        throw new Error(error);
      }
      if (outcome.retryAfterMs !== null) throw new RetryLaterError(error, outcome.retryAfterMs);
      throw new Error(error);
    },
  };
}
