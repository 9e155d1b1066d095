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
  {
    timeZone,
    now,
    campaignId = null,
    teamId = null,
  }: { timeZone: string; now: Date; campaignId?: string | null; teamId?: string | null },
): typeof donations.$inferInsert {
  const at = receivedAt(gift.receivedOn, timeZone);
  return {
    donorName: gift.name,
    email: gift.email,
    postalAddress: gift.address,
    amountCents: Math.round(gift.amount * 100),
    donationType: 'onetime',
    paymentMethod: 'offline',
    // A campaign's gift waits for the office to say the money is in (a cheque cleared): until
    // then it is pending there, has no receipt number and earns no match.
    paymentStatus: campaignId ? 'pending' : 'succeeded',
    campaignId,
    teamId: campaignId ? teamId : null,
    wallDisplay: campaignId ? gift.wall : null,
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
