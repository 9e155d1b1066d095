import { dedicationText } from '~/shared/dedication';
import { giftMethodLabel } from '~/shared/gift-method';
import { dedicationOf } from '~/server/lib/dedication';
import { donations, type Donation } from '~/db/schema';

/** The columns the donor screens read (never the whole row: it holds more than they show). */
export const donorColumns = {
  id: donations.id,
  donorName: donations.donorName,
  email: donations.email,
  amountCents: donations.amountCents,
  refundedCents: donations.refundedCents,
  currency: donations.currency,
  donationType: donations.donationType,
  paymentMethod: donations.paymentMethod,
  paymentStatus: donations.paymentStatus,
  offlineMethod: donations.offlineMethod,
  offlineReference: donations.offlineReference,
  receiptNumber: donations.receiptNumber,
  dedicationKind: donations.dedicationKind,
  dedicationName: donations.dedicationName,
  dedicationHebrewName: donations.dedicationHebrewName,
  dedicationRelation: donations.dedicationRelation,
  dedicationMotherHebrewName: donations.dedicationMotherHebrewName,
  voidedAt: donations.voidedAt,
  voidReason: donations.voidReason,
  stripePaymentIntentId: donations.stripePaymentIntentId,
  createdAt: donations.createdAt,
  donatedAt: donations.donatedAt,
};

export type DonorRow = Pick<Donation, keyof typeof donorColumns>;

function dedicationLine(row: DonorRow) {
  const dedication = dedicationOf(row);
  return dedication ? dedicationText(dedication) : null;
}

/**
 * A donation as the donor screens show it. `paymentId` is what the verify calls take: the
 * PaymentIntent of a card gift (none yet means nothing to verify), the donation's own id for
 * OJC, whose verify route looks the payment up from it.
 */
export function serializeDonor(row: DonorRow) {
  return {
    id: row.id,
    name: row.donorName,
    email: row.email,
    amount: row.amountCents,
    refundedAmount: row.refundedCents,
    currency: row.currency,
    donationType: row.donationType,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    paymentId: row.paymentMethod === 'ojc' ? row.id : row.stripePaymentIntentId,
    /** How a gift the office received came ("Cheque 1042"); null for the site's own. */
    methodDetail: row.paymentMethod === 'offline' ? giftMethodLabel(row) : null,
    receiptNumber: row.receiptNumber,
    dedication: dedicationLine(row),
    /** Voided by the office (a returned cheque): counted nowhere; the reason is the office's. */
    voided: row.voidedAt !== null,
    voidReason: row.voidReason,
    createdAt: row.createdAt.toISOString(),
    donatedAt: row.donatedAt?.toISOString() ?? null,
  };
}
