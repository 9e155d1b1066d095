import type { FastifyInstance } from 'fastify';
import { integrations } from '~/db/schema';
import type { Database } from '~/db/client';
import type { JobHandlers } from '~/server/jobs/types';
import type { AddressPolicy } from './address-guard';
import { createGhlClient, ghlSettings } from './ghl-client';
import {
  GHL_SYNC_JOB_KIND,
  ZAPIER_DELIVERY_JOB_KIND,
} from '~/server/services/announcements/job-kinds';
import { ghlSyncJobHandler } from './ghl-sync';
import { zapierDeliveryJobHandler, type DeliveryContext } from './zapier-delivery';

/** Where webhooks may go: public addresses only in production; loopback when a test says so. */
export function addressPolicy(env: FastifyInstance['env']): AddressPolicy {
  return { publicOnly: env.NODE_ENV === 'production', allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK };
}

/** What a delivery needs, read from the app when a job runs. */
export function deliveryContext(app: FastifyInstance): DeliveryContext {
  return {
    db: app.database.db,
    policy: addressPolicy(app.env),
    clock: app.clock,
    officeEmail: app.officeEmail,
  };
}

/** The outbox handlers of the integrations, for createJobWorker's `handlers` (app.ts). */
export function integrationJobHandlers(app: FastifyInstance): JobHandlers {
  const ghl = ghlSettings(app.env);
  return {
    // The app's clock, like the job schedule, so a rate-limit pause ends when the retry comes.
    [GHL_SYNC_JOB_KIND]: ghlSyncJobHandler(
      ghl ? createGhlClient(ghl, { now: () => app.clock().getTime() }) : null,
    ),
    [ZAPIER_DELIVERY_JOB_KIND]: zapierDeliveryJobHandler(() => deliveryContext(app)),
  };
}

/**
 * Records at boot whether GoHighLevel is configured, so `announce` can decide inside any
 * transaction whether to queue a CRM sync (see announce.ts). Every instance should have the same
 * GHL settings; the last one to start wins.
 */
export async function recordGhlConfiguration(db: Database, env: FastifyInstance['env']) {
  const enabled = ghlSettings(env) !== null;
  await db
    .insert(integrations)
    .values({ id: 'ghl', enabled, url: env.GHL_API_BASE })
    .onConflictDoUpdate({
      target: integrations.id,
      set: { enabled, url: env.GHL_API_BASE, updatedAt: new Date() },
    });
}
