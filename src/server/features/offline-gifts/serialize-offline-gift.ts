import type { Donation } from '~/db/schema';
import { isoDateIn } from '~/shared/schedule';
import { dedicationOf } from '~/server/lib/dedication';
import type { GiftCampaign, GiftTeam } from './gift-campaign';

/** An offline gift as the admin API shows it: rows are not the wire format. */
export function serializeOfflineGift(
  row: Donation,
  timeZone: string,
  hasPhoto: boolean,
  campaign: GiftCampaign,
  team: GiftTeam = null,
) {
  return {
    id: row.id,
    receiptNumber: row.receiptNumber ?? '',
    name: row.donorName ?? '',
    email: row.email,
    address: row.postalAddress,
    amount: row.amountCents / 100,
    method: row.offlineMethod ?? 'other',
    receivedOn: isoDateIn(row.donatedAt ?? row.createdAt, timeZone),
    reference: row.offlineReference,
    dedication: dedicationOf(row),
    note: row.officeNote,
    voided: row.voidedAt !== null,
    voidReason: row.voidReason,
    donorId: row.donorId,
    hasPhoto,
    campaign,
    team,
    wall: row.wallDisplay,
    cleared: row.paymentStatus === 'succeeded',
  };
}
