import { z } from 'zod';
import type { businessEventSchema } from './events';

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
