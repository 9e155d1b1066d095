import { z } from 'zod';
import {
  applicationStatuses,
  memberStatuses,
  messageStatuses,
  subscriberStatuses,
} from '~/shared/domain';
import { pageQueryFields } from './page-query';

/** The inbox's contract: contact messages, membership applications, newsletter subscribers. */

/** The longest notes an application keeps. */
export const notesMax = 2000;
/** Rows per list request the screens ask for (the server allows 1 to 100). */
export const inboxPageSize = 100;

const page = pageQueryFields;

export const messagesQuery = z.object({
  status: z.enum(messageStatuses, { error: 'Status must be new, read or archived' }).optional(),
  ...page,
});

export const applicationsQuery = z.object({
  status: z
    .enum(applicationStatuses, { error: 'Status must be new, contacted, active or declined' })
    .optional(),
  ...page,
});

const subscriberStatusField = z
  .enum(subscriberStatuses, { error: 'Status must be pending, confirmed or unsubscribed' })
  .optional();

export const subscribersQuery = z.object({ status: subscriberStatusField, ...page });
export const subscribersCsvQuery = z.object({ status: subscriberStatusField });

export const messageIdParams = z.object({ id: z.uuid({ error: 'Unknown message id' }) });
export const applicationIdParams = z.object({ id: z.uuid({ error: 'Unknown application id' }) });

export const messageUpdateInput = z.object({
  status: z.enum(messageStatuses, { error: 'Status must be new, read or archived' }),
});

export const applicationUpdateInput = z
  .object({
    status: z
      .enum(applicationStatuses, { error: 'Status must be new, contacted, active or declined' })
      .optional(),
    notes: z
      .string({ error: 'Notes must be text' })
      .max(notesMax, `Notes must be at most ${notesMax} characters`)
      .optional(),
  })
  .refine((input) => input.status !== undefined || input.notes !== undefined, {
    error: 'Give a status or notes to change',
  });

export const messageView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  status: z.enum(messageStatuses),
  createdAt: z.string(),
});

export const applicationView = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  tier: z.string(),
  prayerIntentions: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(applicationStatuses),
  notes: z.string().nullable(),
  createdAt: z.string(),
  /** The status of the member this application became (every application has one). */
  memberStatus: z.enum(memberStatuses).nullable(),
});

export const subscriberView = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(subscriberStatuses),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});

export const messageListing = z.object({ messages: z.array(messageView), total: z.number() });
export const applicationListing = z.object({
  applications: z.array(applicationView),
  total: z.number(),
});
export const subscriberListing = z.object({
  subscribers: z.array(subscriberView),
  total: z.number(),
  counts: z.record(z.enum(subscriberStatuses), z.number()),
});

export type ContactMessage = z.infer<typeof messageView>;
export type MembershipApplication = z.infer<typeof applicationView>;
export type NewsletterSubscriber = z.infer<typeof subscriberView>;
export type ApplicationChange = z.input<typeof applicationUpdateInput>;
