import type { JobHandler } from '~/server/jobs/types';
import { exponentialBackoff } from '~/server/jobs/backoff';
import { ghlSyncSchema } from '~/server/services/announcements/crm-sync';
import type { GhlClient } from './ghl-client';

/**
 * Upserts the contact, then adds (and removes) its tags: two calls, because tags sent in an
 * upsert replace the contact's existing ones. Both are harmless to repeat, so a job that runs
 * twice does no harm. Retries over about a day: 30 s doubling, capped at 2 h, 16 tries. One
 * client serves every sync job of the process, so its rate-limit bookkeeping covers them all.
 */
export function ghlSyncJobHandler(client: GhlClient | null): JobHandler {
  return {
    maxAttempts: 16,
    backoff: exponentialBackoff({ baseMs: 30_000, capMs: 2 * 60 * 60_000 }),
    async run(payload) {
      const sync = ghlSyncSchema.parse(payload);
      if (!client) throw new Error('GoHighLevel is not configured (GHL_TOKEN, GHL_LOCATION_ID)');
      const contactId = await client.upsertContact(sync);
      if (sync.addTags.length > 0) await client.addTags(contactId, sync.addTags);
      if (sync.removeTags.length > 0) await client.removeTags(contactId, sync.removeTags);
    },
  };
}
