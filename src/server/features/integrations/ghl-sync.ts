import { z } from 'zod';
import type { JobHandler } from '../../jobs/types';
import { exponentialBackoff } from '../../jobs/backoff';
import type { businessEventSchema } from './events';
import type { GhlClient } from './ghl-client';

export const GHL_SYNC_JOB_KIND = 'ghl.sync';

/** What one event changes in the CRM: the contact (matched by email), and its tags. */
export const ghlSyncSchema = z.object({
  email: z.email(),
  name: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  phone: z.string().nullish(),
  /** The latest gift, in cents: the custom field `donation_amount`. */
  donationAmountCents: z.number().int().nullish(),
  addTags: z.array(z.string()),
  removeTags: z.array(z.string()).default([]),
});
export type GhlSync = z.input<typeof ghlSyncSchema>;

/**
 * The CRM side of an event: `donor`, `monthly-donor`, `member-<tier>`, `newsletter` and
 * `contact-form` tags; a cancelled monthly gift takes `monthly-donor` off again. Comments are
 * not CRM events.
 */
export function ghlSyncOf(event: z.output<typeof businessEventSchema>): GhlSync | null {
  switch (event.type) {
    case 'contact.received':
      return { email: event.email, name: event.name, addTags: ['contact-form'] };
    case 'membership.applied':
      return {
        email: event.email,
        firstName: event.firstName,
        lastName: event.lastName,
        phone: event.phone,
        addTags: [`member-${event.tier}`],
      };
    case 'newsletter.confirmed':
      return { email: event.email, addTags: ['newsletter'] };
    case 'donation.completed':
      return {
        email: event.email,
        name: event.name,
        donationAmountCents: event.amountCents,
        addTags: event.donationType === 'subscription' ? ['donor', 'monthly-donor'] : ['donor'],
      };
    case 'subscription.started':
      return {
        email: event.email,
        name: event.name,
        donationAmountCents: event.amountCents,
        addTags: ['donor', 'monthly-donor'],
      };
    case 'subscription.cancelled':
      return { email: event.email, name: event.name, addTags: [], removeTags: ['monthly-donor'] };
    case 'comment.submitted':
      return null;
  }
}

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
