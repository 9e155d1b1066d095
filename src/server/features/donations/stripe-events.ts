import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { processedStripeEvents } from '~/db/schema';
import type { DatabaseTransaction } from '~/db/client';
import type { DonationContext } from './context';
import { eventShapeOf, type EventShape } from './event-versions';
import { onInvoicePaid, onInvoicePaymentFailed, onInvoiceVoided } from './invoice-events';
import { onChargeRefunded, onDisputeEvent, onPaymentIntentEvent } from './payment-events';
import { onSubscriptionEvent } from './subscription-events';

export type EventOf<T extends Stripe.Event['type']> = Extract<Stripe.Event, { type: T }>;

/**
 * One event's work. The outer call may ask Stripe for more (outside any transaction); the
 * function it returns writes, inside the transaction that also stores the event's id. `shape`
 * says where the event's API version puts what the handler reads (event-versions.ts).
 */
export type EventHandler<T extends Stripe.Event['type']> = (
  event: EventOf<T>,
  ctx: DonationContext,
  shape: EventShape,
) => Promise<(tx: DatabaseTransaction) => Promise<void>>;

const handlers = {
  'payment_intent.succeeded': onPaymentIntentEvent,
  'payment_intent.payment_failed': onPaymentIntentEvent,
  'payment_intent.canceled': onPaymentIntentEvent,
  'invoice.paid': onInvoicePaid,
  'invoice.payment_failed': onInvoicePaymentFailed,
  'invoice.voided': onInvoiceVoided,
  'customer.subscription.updated': onSubscriptionEvent,
  'customer.subscription.deleted': onSubscriptionEvent,
  'charge.refunded': onChargeRefunded,
  'charge.dispute.created': onDisputeEvent,
  'charge.dispute.funds_withdrawn': onDisputeEvent,
  'charge.dispute.funds_reinstated': onDisputeEvent,
  'charge.dispute.closed': onDisputeEvent,
} satisfies {
  [T in Stripe.Event['type']]?: (
    event: EventOf<T>,
    ctx: DonationContext,
    shape: EventShape,
  ) => unknown;
};

export type HandledEventType = keyof typeof handlers;
export const handledEventTypes = Object.keys(handlers) as HandledEventType[];

function isHandled(type: string): type is HandledEventType {
  return Object.hasOwn(handlers, type);
}

/**
 * `unreadable`: a handled type in an API version this code does not read. Nothing is applied
 * or stored; the route answers with an error, so Stripe keeps the event and retries it.
 */
export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'unreadable';

/**
 * Applies a verified event once. Its id is stored in the same transaction as its effect: a
 * redelivery finds it and changes nothing, and a handler that throws rolls both back, so
 * Stripe's retry applies it later. Types this site does not handle are not stored.
 */
export async function processStripeEvent(
  ctx: DonationContext,
  event: Stripe.Event,
): Promise<EventOutcome> {
  const type = event.type;
  if (!isHandled(type)) return 'ignored';
  const shape = eventShapeOf(event);
  if (!shape) return 'unreadable';
  const [seen] = await ctx.db
    .select({ id: processedStripeEvents.eventId })
    .from(processedStripeEvents)
    .where(eq(processedStripeEvents.eventId, event.id));
  if (seen) return 'duplicate';
  const handler = handlers[type] as EventHandler<HandledEventType>;
  const apply = await handler(event as EventOf<HandledEventType>, ctx, shape);
  return ctx.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(processedStripeEvents)
      .values({ eventId: event.id, type, processedAt: ctx.clock() })
      .onConflictDoNothing()
      .returning({ id: processedStripeEvents.eventId });
    // Another delivery of the same event got there first (the insert waited for it).
    if (!stored) return 'duplicate';
    await apply(tx);
    return 'applied';
  });
}
