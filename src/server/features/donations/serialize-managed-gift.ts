import type { StripeSubscriptionRow } from '~/db/schema';
import type { ManagedGift } from '~/shared/schemas/manage-gift';
import { dedicationOf } from '~/server/lib/dedication';

/** A monthly card gift as its manage page sees it: never the customer id or the email. */
export function serializeManagedGift(row: StripeSubscriptionRow): ManagedGift {
  return {
    amountCents: row.amountCents,
    currency: row.currency,
    donorName: row.donorName,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    dedication: dedicationOf(row),
  };
}
