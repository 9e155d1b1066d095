import type { donations } from '~/db/schema';
import type { OfflineGiftInput } from '~/shared/schemas/offline-gifts';
import { receivedAt } from './ledger-rules';

/**
 * The donations row of a gift the office received, as `recordOfflineGift` writes it: for the
 * features that record such gifts in their own transaction (a file's import). The receipt number
 * is given by the database as the row is inserted (ADR 052).
 */
export function offlineGiftValues(
  gift: OfflineGiftInput,
  { timeZone, now }: { timeZone: string; now: Date },
): typeof donations.$inferInsert {
  const at = receivedAt(gift.receivedOn, timeZone);
  return {
    donorName: gift.name,
    email: gift.email,
    postalAddress: gift.address,
    amountCents: Math.round(gift.amount * 100),
    donationType: 'onetime',
    paymentMethod: 'offline',
    paymentStatus: 'succeeded',
    offlineMethod: gift.method,
    offlineReference: gift.reference,
    officeNote: gift.note,
    dedicationKind: gift.dedication?.kind ?? null,
    dedicationName: gift.dedication?.name ?? null,
    donatedAt: at,
    createdAt: at,
    updatedAt: now,
  };
}
