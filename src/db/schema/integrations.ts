import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { integrationIds, webhookDeliveryStatuses } from '~/shared/domain';
import { at, oneOf, timestamps } from './columns';

/**
 * The outside services business events are announced to (src/server/features/integrations),
 * one row each. `ghl` mirrors the GHL_* settings at boot (so `announce` can tell, inside any
 * transaction, whether a CRM sync is wanted); `zapier` is what the admin set in the dashboard:
 * the webhook URL and its signing secrets, and whether deliveries are on.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: text('id', { enum: integrationIds }).primaryKey(),
    /** False when not configured, or (Zapier) disabled after a 410 or persistent failure. */
    enabled: boolean('enabled').notNull().default(false),
    /** Zapier: where events are posted. */
    url: text('url'),
    /** Zapier: the Standard Webhooks signing secret, `whsec_` + base64. */
    secret: text('secret'),
    /** The secret before the last rotation: still signs deliveries until it expires. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: at('previous_secret_expires_at'),
    disabledAt: at('disabled_at'),
    /** Why deliveries stopped, in words for the office. */
    disabledReason: text('disabled_reason'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('integrations_id_check', oneOf(t.id, integrationIds))],
);

export type IntegrationRow = typeof integrations.$inferSelect;

/**
 * One business event to one webhook endpoint: the delivery log of the Zapier tab. The body is
 * stored as sent (it carries nothing private: see announce.ts); the outbox job named by
 * `job_key` does the sending and holds the schedule of the next try.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpoint: text('endpoint', { enum: integrationIds }).notNull(),
    /** Names the business fact (`donation.completed:<id>`): announced twice, delivered once. */
    eventKey: text('event_key').notNull(),
    /** The `webhook-id` header and the payload's `id`: the same on every try and resend. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: webhookDeliveryStatuses }).notNull().default('pending'),
    /** Requests made, across resends. */
    attempts: integer('attempts').notNull().default(0),
    /** The receiver's last HTTP status; null when no answer came. */
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    /** The outbox job doing the current round of tries. */
    jobKey: text('job_key').notNull(),
    /** How often an admin resent it. */
    resends: integer('resends').notNull().default(0),
    ...timestamps(),
    deliveredAt: at('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_key_key').on(t.endpoint, t.eventKey),
    index('webhook_deliveries_status_id_idx').on(t.status, t.id),
    check('webhook_deliveries_status_check', oneOf(t.status, webhookDeliveryStatuses)),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
