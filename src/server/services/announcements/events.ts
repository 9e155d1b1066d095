import { donationTypes, paymentMethods } from '~/shared/domain';
import { z } from 'zod';

/**
 * The business events the site announces to its integrations (GoHighLevel, Zapier), each with
 * exactly the fields it may carry. The schemas are strict: a field not listed here, say a prayer
 * intention or a message's text, makes `announce` throw instead of leaving the site.
 *
 * What never leaves: prayer intentions (and the names in them), free text a visitor typed
 * (contact messages, application messages, comments), dedications (a name in honour or memory),
 * card details, admin notes.
 */

const email = z.email();
const name = z.string().max(200);
const id = z.string().min(1).max(100);
const money = {
  amountCents: z.number().int().positive(),
  currency: z.string().length(3),
};
const paymentMethod = z.enum(paymentMethods);
/** When it happened; now when not given. */
const occurredAt = z.date().optional();

const gift = {
  subscriptionId: id,
  name: name.nullable(),
  email,
  ...money,
  paymentMethod,
  occurredAt,
};

export const businessEventSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('contact.received'),
    messageId: id,
    name,
    email,
    occurredAt,
  }),
  z.strictObject({
    type: z.literal('membership.applied'),
    applicationId: id,
    firstName: name,
    lastName: name,
    email,
    phone: z.string().max(40).nullable(),
    /** The tier's id from site.config.ts (`spark`, `flame`, `beacon`). */
    tier: z.string().regex(/^[a-z0-9-]{1,40}$/),
    occurredAt,
  }),
  z.strictObject({
    type: z.literal('newsletter.confirmed'),
    subscriberId: id,
    email,
    occurredAt,
  }),
  z.strictObject({
    type: z.literal('donation.completed'),
    donationId: id,
    name: name.nullable(),
    email,
    ...money,
    donationType: z.enum(donationTypes),
    paymentMethod,
    occurredAt,
  }),
  z.strictObject({ type: z.literal('subscription.started'), ...gift }),
  z.strictObject({ type: z.literal('subscription.cancelled'), ...gift }),
  z.strictObject({
    type: z.literal('comment.submitted'),
    commentId: id,
    videoId: id,
    authorName: name,
    authorEmail: email,
    occurredAt,
  }),
]);

export type BusinessEvent = z.input<typeof businessEventSchema>;
export type BusinessEventType = BusinessEvent['type'];
export const businessEventTypes = businessEventSchema.options.map((o) => o.shape.type.value);

/** The id of the row an event is about: with the type, it names the fact once. */
export function subjectOf(event: z.output<typeof businessEventSchema>): string {
  switch (event.type) {
    case 'contact.received':
      return event.messageId;
    case 'membership.applied':
      return event.applicationId;
    case 'newsletter.confirmed':
      return event.subscriberId;
    case 'donation.completed':
      return event.donationId;
    case 'subscription.started':
    case 'subscription.cancelled':
      return event.subscriptionId;
    case 'comment.submitted':
      return event.commentId;
  }
}

/**
 * The JSON body a webhook receives (Standard Webhooks' recommended shape): an id, the type, when
 * it happened, and the event's fields as `data`. Amounts come in dollars too (`amount`), as the
 * office reads them.
 */
export interface WebhookEvent {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

export function webhookEventOf(
  event: z.output<typeof businessEventSchema>,
  eventId: string,
  at: Date,
): WebhookEvent {
  const { type, occurredAt: _occurredAt, ...fields } = event;
  const data: Record<string, unknown> = { ...fields };
  if ('amountCents' in fields) data.amount = fields.amountCents / 100;
  return { id: eventId, type, timestamp: at.toISOString(), data };
}
