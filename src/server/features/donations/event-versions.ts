import type Stripe from 'stripe';
import { STRIPE_API_VERSION } from './stripe-client';
import { idOf } from './payment-status';

/**
 * The shape of an event's object, which Stripe renders in the webhook endpoint's API version
 * (`event.api_version`), not in the version the SDK is pinned to:
 *
 * - `current`: the pinned version (`STRIPE_API_VERSION`), the one the SDK's types describe.
 * - `pre-basil`: before 2025-03-31.basil, an invoice names its subscription at the top level
 *   (`subscription: 'sub_…'`) instead of under `parent.subscription_details`. Everything else
 *   the handlers read (amounts, statuses, `billing_reason`, `status_transitions`, the
 *   PaymentIntent's `latest_charge`, the dispute's `payment_intent`, the subscription's items) has
 *   the same place in the versions listed with it. The invoice's PaymentIntent is always asked
 *   of Stripe (in the pinned version), never read from the event.
 */
export type EventShape = 'current' | 'pre-basil';

/**
 * The API versions whose events this code reads, each with its shape. An event of any other
 * version is refused (stripe-events.ts) rather than misread: a field that moved reads as
 * missing, and the event would be stored as handled with no effect. Adding a version means
 * checking Stripe's changelog from it to the pinned one for every field the handlers read, and a
 * test with an event in its shape.
 */
const readableVersions: ReadonlyMap<string, EventShape> = new Map([
  [STRIPE_API_VERSION, 'current'],
  ['2024-06-20', 'pre-basil'],
]);

export const readableApiVersions = [...readableVersions.keys()];

/** The shape of an event's object, or null when this code does not read its version. */
export function eventShapeOf(event: Pick<Stripe.Event, 'api_version'>): EventShape | null {
  return (event.api_version && readableVersions.get(event.api_version)) || null;
}

/** An invoice as API versions before 2025-03-31.basil render it: the subscription on top. */
interface PreBasilInvoice {
  subscription?: string | { id: string } | null;
}

/**
 * The subscription an invoice of an event belongs to, read where the event's version puts it.
 * The top-level field is read only from an event of a pre-basil version, where it means that.
 */
export function subscriptionOfInvoice(invoice: Stripe.Invoice, shape: EventShape): string | null {
  if (shape === 'pre-basil') return idOf((invoice as unknown as PreBasilInvoice).subscription);
  return idOf(invoice.parent?.subscription_details?.subscription);
}
