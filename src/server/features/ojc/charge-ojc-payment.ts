import { and, eq } from 'drizzle-orm';
import { donations, members, type Donation } from '~/db/schema';
import type { OjcChargeInput } from '~/shared/schemas/ojc';
import { AppError } from '~/server/errors';
import { enqueueReceiptIfDue } from '~/server/services/receipts/send-receipt';
import {
  linkOjcGift,
  recordMembershipPaid,
  refuseSecondMembership,
} from '~/server/features/membership';
import {
  claimCharge,
  last4,
  markCharged,
  MAX_DECLINES_PER_PAYMENT,
  releaseCharge,
} from './charge-claim';
import { chargeMessages, refusalOf } from './charge-messages';
import type { OjcContext } from './context';
import { startMonthlyGift } from './monthly-gift';
import { notifyOffice } from './office-notice';
import { chargeCharityCard } from './ojc-client';

export async function findOjcPayment(ctx: OjcContext, paymentId: string) {
  const [row] = await ctx.db
    .select()
    .from(donations)
    .where(and(eq(donations.id, paymentId), eq(donations.paymentMethod, 'ojc')));
  if (!row) throw new AppError('not_found', chargeMessages.notFound);
  return row;
}

/** Why a payment cannot be charged now, or null if it can be tried. */
function refusalBeforeCharge(ctx: OjcContext, row: Donation): AppError | null {
  // A later month of a monthly gift is charged by the renewal job alone.
  if (row.ojcPeriod !== null && row.ojcPeriod > 1) {
    return new AppError('not_found', chargeMessages.notFound);
  }
  if (row.paymentStatus === 'succeeded')
    return new AppError('conflict', chargeMessages.alreadyPaid);
  if (row.ojcChargingSince) return new AppError('conflict', chargeMessages.inProgress);
  if (row.ojcDeclines >= MAX_DECLINES_PER_PAYMENT) {
    return new AppError('rate_limited', chargeMessages.tooManyAttempts);
  }
  if (row.donationType === 'subscription' && !ctx.vault) {
    return new AppError('unavailable', chargeMessages.monthlyNotSetUp);
  }
  return null;
}

/**
 * The donor's card for a pending OJC payment. The payment is claimed first (charge-claim.ts), so
 * however many requests arrive at once, one calls OJC; OJC's answer is then recorded: the
 * success with its receipt (and for a monthly gift the gift itself and next month's charge) in
 * one transaction, a decline as a failed try, OJC's silence as a charge for the office to check.
 */
export async function chargeOjcPayment(
  ctx: OjcContext,
  paymentId: string,
  card: OjcChargeInput,
): Promise<Donation> {
  const row = await findOjcPayment(ctx, paymentId);
  const before = refusalBeforeCharge(ctx, row);
  if (before) {
    ctx.log.warn({ payment: row.id, code: before.code }, 'OJC charge refused before calling OJC');
    throw before;
  }
  const [member] = await ctx.db.select().from(members).where(eq(members.ojcPaymentId, row.id));
  if (member) await refuseSecondMembership(ctx.db, member);
  const claimed = await claimCharge(ctx.db, row.id, ctx.clock(), ctx.log);
  if (!claimed) {
    // Another request took it between the read and the claim: say what it became.
    const refusal = refusalBeforeCharge(ctx, await findOjcPayment(ctx, paymentId));
    ctx.log.warn({ payment: row.id }, 'OJC charge refused: the payment is already being charged');
    throw refusal ?? new AppError('conflict', chargeMessages.inProgress);
  }

  const { outcome, detail } = await chargeCharityCard(ctx.settings, {
    cardNumber: card.cardNumber,
    expiry: card.expiry,
    amountCents: claimed.amountCents,
    reference: claimed.id,
  });
  const now = ctx.clock();
  const logFields = { payment: claimed.id, outcome: outcome.kind, detail };

  if (outcome.kind === 'approved') {
    const donation = await ctx.db.transaction(async (tx) => {
      const gift =
        claimed.donationType === 'subscription' && ctx.vault
          ? await startMonthlyGift(tx, ctx.vault, claimed, card, now)
          : null;
      const charged = await markCharged(tx, claimed.id, {
        reference: outcome.reference,
        cardLast4: last4(card.cardNumber),
        now,
        gift: gift ? { id: gift.id, period: 1 } : undefined,
      });
      if (gift) {
        await linkOjcGift(tx, claimed.id, gift.id, now);
        await recordMembershipPaid(tx, { ojc: gift.id }, now, now);
      }
      await enqueueReceiptIfDue(tx, charged, { links: ctx, now });
      return charged;
    });
    ctx.log.info({ ...logFields, reference: outcome.reference }, 'OJC payment charged');
    return donation;
  }

  if (outcome.kind === 'unconfirmed') {
    // The claim stays: charging again could charge twice. The office checks with OJC.
    await ctx.db.transaction((tx) =>
      notifyOffice(tx, ctx.officeEmail, claimed, {
        outcome: 'unconfirmed',
        detail: `no answer (${detail ?? 'timeout'})`,
        cardLast4: last4(card.cardNumber),
      }),
    );
    ctx.log.error(logFields, 'OJC did not answer a charge: its outcome is unknown');
    throw refusalOf(outcome);
  }

  await releaseCharge(ctx.db, claimed.id, now, {
    declined: outcome.kind === 'declined',
    log: ctx.log,
  });
  if (outcome.kind === 'declined') {
    ctx.log.warn({ ...logFields, ojcStatus: outcome.status }, 'OJC declined the card');
  } else if (outcome.kind === 'misconfigured') {
    ctx.log.error(
      { ...logFields, ojcStatus: outcome.status },
      'OJC refused the organisation or the credentials: check OJC_ORG_ID, OJC_USERNAME, OJC_PASSWORD',
    );
  } else {
    ctx.log.warn({ ...logFields, ojcStatus: outcome.status }, 'OJC could not be reached');
  }
  throw refusalOf(outcome);
}
