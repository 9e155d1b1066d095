import * as z from 'zod/mini';
import { webhookDeliveryStatuses } from '~/shared/domain';
import { emailField, messages } from './common';

/**
 * The admin's integration calls (spec 7): GoHighLevel (`/api/ghl/*`) and Zapier
 * (`/api/zapier/*`). Answers keep the spec's shapes (`{success, message, error}` …).
 */

export const webhookUrlMessage = 'Please enter a valid webhook URL';
export const crmContactsLimit = 50;

export const webhookUrlInput = z.object({
  url: z
    .string({ error: webhookUrlMessage })
    .check(
      z.trim(),
      z.minLength(1, webhookUrlMessage),
      z.maxLength(2000, 'The webhook URL must be at most 2000 characters'),
    ),
});

export const ghlContactsQuery = z.object({
  limit: z._default(
    z.coerce
      .number({ error: 'Limit must be a number' })
      .check(
        z.int('Limit must be a whole number'),
        z.minimum(1, 'Limit must be between 1 and 100'),
        z.maximum(100, 'Limit must be between 1 and 100'),
      ),
    crmContactsLimit,
  ),
});

export const ghlContactParams = z.object({ email: emailField(messages.invalidEmail) });

export const crmContact = z.object({
  id: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  tags: z.array(z.string()),
  customFields: z.object({ donation_amount: z.nullable(z.number()) }),
  dateAdded: z.nullable(z.string()),
});
export type CrmContact = z.infer<typeof crmContact>;

export const ghlConnectionResult = z.object({
  success: z.boolean(),
  /** False: GHL_TOKEN and GHL_LOCATION_ID are not set. */
  configured: z.boolean(),
  message: z.string(),
  error: z.nullable(z.string()),
});
export type GhlConnectionResult = z.infer<typeof ghlConnectionResult>;

export const ghlContactsResult = z.object({
  success: z.boolean(),
  contacts: z.array(crmContact),
  message: z.string(),
});
export type GhlContactsResult = z.infer<typeof ghlContactsResult>;

export const ghlContactResult = z.object({
  success: z.boolean(),
  contact: z.nullable(crmContact),
  message: z.string(),
});
export type GhlContactResult = z.infer<typeof ghlContactResult>;

export const zapierStatus = z.object({
  configured: z.boolean(),
  webhookUrl: z.nullable(z.string()),
  message: z.string(),
  enabled: z.boolean(),
  disabledAt: z.nullable(z.string()),
  disabledReason: z.nullable(z.string()),
  /** When the previous secret stops signing, after a rotation. */
  previousSecretExpiresAt: z.nullable(z.string()),
});
export type ZapierStatus = z.infer<typeof zapierStatus>;

export const zapierSecret = z.object({ secret: z.string() });

export const successResult = z.object({ success: z.boolean(), message: z.string() });
export type SuccessResult = z.infer<typeof successResult>;
export const resendFailedResult = z.extend(successResult, { resent: z.number() });

export const deliveriesQuery = z.object({
  status: z.optional(
    z.enum(webhookDeliveryStatuses, { error: 'Status must be pending, succeeded or failed' }),
  ),
});

export const deliveryIdParams = z.object({
  id: z.coerce
    .number({ error: 'Unknown delivery' })
    .check(z.int('Unknown delivery'), z.positive('Unknown delivery')),
});

export const webhookDelivery = z.object({
  id: z.number(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number(),
  lastStatus: z.nullable(z.number()),
  lastError: z.nullable(z.string()),
  /** When the next try is due; null once delivered or given up. */
  nextAttemptAt: z.nullable(z.string()),
  createdAt: z.string(),
  deliveredAt: z.nullable(z.string()),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const deliveryListing = z.object({ deliveries: z.array(webhookDelivery) });
export type DeliveryListing = z.infer<typeof deliveryListing>;
