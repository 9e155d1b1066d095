import type { Pledge } from '~/db/schema';
import type { PledgeView } from '~/shared/schemas/pledges';

/** A pledge as the admin API shows it; `today` is the site's calendar day, for "overdue". */
export function serializePledge(
  row: Pledge,
  today: string,
  receiptNumber: string | null = null,
): PledgeView {
  return {
    id: row.id,
    name: row.donorName,
    email: row.email,
    address: row.postalAddress,
    amount: row.amountCents / 100,
    expectedOn: row.expectedOn,
    campaign: row.campaign,
    note: row.note,
    status: row.status,
    overdue: row.status === 'open' && row.expectedOn < today,
    paidGift: row.paidDonationId
      ? { id: row.paidDonationId, receiptNumber: receiptNumber ?? '' }
      : null,
    partOf: row.partOfPledgeId,
    cancelReason: row.cancelReason,
    remindersSent: row.remindersSent,
    lastRemindedAt: row.lastRemindedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
