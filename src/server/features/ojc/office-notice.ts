import type { Donation } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { enqueueMail } from '~/server/services/mail/mail-job';
import type { OjcChargeOfficeData } from '~/server/services/mail/templates/ojc';

/**
 * Tells the office about a charge it has to look at: a declined monthly charge, or one OJC never
 * answered. Once per payment and outcome, in the caller's transaction.
 */
export function notifyOffice(
  tx: DatabaseExecutor,
  officeEmail: string,
  donation: Donation,
  notice: Pick<OjcChargeOfficeData, 'outcome' | 'detail' | 'cardLast4'>,
) {
  return enqueueMail(tx, {
    key: `ojc:${donation.id}:${notice.outcome}:office`,
    to: officeEmail,
    template: 'ojc-charge-office',
    data: {
      ...notice,
      donationId: donation.id,
      giftId: donation.ojcSubscriptionId,
      donorName: donation.donorName,
      email: donation.email,
      amountCents: donation.amountCents,
      currency: donation.currency,
    },
  });
}
