import { eq } from 'drizzle-orm';
import { donations, type Donation } from '~/db/schema';
import { coverFeeCents } from '~/shared/money';
import type { OjcCreatePaymentInput } from '~/shared/schemas/ojc';
import { AppError } from '~/server/errors';
import { CURRENCY } from '~/shared/money';
import { campaignForGift, teamForGift } from '~/server/features/campaigns';
import {
  linkOjcPayment,
  memberToPayFor,
  refuseOneTimeMembership,
} from '~/server/features/membership';
import { chargeMessages } from './charge-messages';
import type { OjcContext } from './context';
import { dedicationColumns } from '~/server/lib/dedication';
import { referrerColumns } from '~/server/lib/gift-referrer';

export const createdMessage =
  'Your OJC Fund payment is ready. Enter your OJC charity card on the next page to complete it.';

/** This site's own page where the donor enters the charity card. */
export function paymentUrlOf(publicUrl: string, paymentId: string) {
  return `${publicUrl}/checkout/ojc/${paymentId}`;
}

/** The same checkout submitted twice must describe the same gift; anything else is a new one. */
function sameGift(row: Donation, values: typeof donations.$inferInsert) {
  return (
    row.amountCents === values.amountCents &&
    row.donationType === values.donationType &&
    row.email === values.email
  );
}

/**
 * Stores a pending OJC donation: the amount, and the fee computed here when the donor covers it.
 * Nothing is charged yet; the payment page sends the card. With the checkout's idempotency key a
 * double submit finds the payment the first one stored.
 */
export async function createOjcPayment(ctx: OjcContext, input: OjcCreatePaymentInput) {
  if (input.donationType === 'subscription' && !ctx.vault) {
    throw new AppError('unavailable', chargeMessages.monthlyNotSetUp);
  }
  const giftCents = input.amount * 100;
  const feeCents = input.coverFee ? coverFeeCents(giftCents, ctx.fee) : 0;
  const now = ctx.clock();
  const campaignId = await campaignForGift(ctx.db, input.campaign, now, ctx.place);
  const teamId = await teamForGift(ctx.db, campaignId, input.team);
  const values = {
    donorName: input.donorName,
    email: input.donorEmail,
    phone: input.donorPhone,
    amountCents: giftCents + feeCents,
    currency: CURRENCY,
    feeCents,
    donationType: input.donationType,
    paymentMethod: 'ojc' as const,
    ...dedicationColumns(input.dedication),
    ojcIdempotencyKey: input.idempotencyKey ?? null,
    campaignId,
    teamId,
    wallDisplay: campaignId ? (input.wall ?? ('anonymous' as const)) : null,
    ...referrerColumns(campaignId ? input.referrer : null),
    createdAt: now,
    updatedAt: now,
  };
  if (input.donationType === 'onetime') refuseOneTimeMembership(input.membership);
  const [created] = await ctx.db.transaction(async (tx) => {
    // A membership is paid monthly: its link names the member the first charge activates.
    const member =
      input.membership && input.donationType === 'subscription'
        ? await memberToPayFor(tx, ctx.linkSigner, input.membership, giftCents, now)
        : null;
    const inserted = await tx.insert(donations).values(values).onConflictDoNothing().returning();
    if (member && inserted[0]) await linkOjcPayment(tx, member.id, inserted[0].id, now);
    return inserted;
  });
  let payment = created;
  if (!payment && input.idempotencyKey) {
    [payment] = await ctx.db
      .select()
      .from(donations)
      .where(eq(donations.ojcIdempotencyKey, input.idempotencyKey));
    if (payment && !sameGift(payment, values)) {
      throw new AppError(
        'conflict',
        'This payment was already started with other details. Reload the page and try again.',
      );
    }
  }
  if (!payment) throw new Error('the OJC payment could not be stored');
  if (created) {
    ctx.log.info(
      { payment: payment.id, amountCents: payment.amountCents, type: payment.donationType },
      'OJC payment created',
    );
  }
  return { paymentId: payment.id, paymentUrl: paymentUrlOf(ctx.publicUrl, payment.id) };
}
