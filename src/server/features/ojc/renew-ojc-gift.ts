import { and, eq } from 'drizzle-orm';
import { donations, ojcSubscriptions, type Donation, type OjcSubscription } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { enqueueMail } from '~/server/services/mail/mail-job';
import { enqueueReceiptIfDue } from '~/server/services/receipts/send-receipt';
import { announceGiftCancelled } from '~/server/services/announcements/donation-events';
import { settleEndedPlan } from '~/server/features/campaigns';
import { recordMembershipEnded, recordMembershipPaid } from '~/server/features/membership';
import { claimCharge, markCharged, releaseCharge } from './charge-claim';
import { declineMessages } from './charge-messages';
import type { OjcContext } from './context';
import { dueDateOf, lockGift, scheduleRenewal } from './monthly-gift';
import { notifyOffice } from './office-notice';
import { chargeCharityCard, type ChargeOutcome } from './ojc-client';
import { copyDedication } from '~/server/lib/dedication';

/** The donation row of one month of a gift, created pending the first time the month runs. */
async function monthRow(tx: DatabaseExecutor, gift: OjcSubscription, period: number, now: Date) {
  const find = () =>
    tx
      .select()
      .from(donations)
      .where(and(eq(donations.ojcSubscriptionId, gift.id), eq(donations.ojcPeriod, period)));
  const [existing] = await find();
  if (existing) return existing;
  await tx
    .insert(donations)
    .values({
      donorName: gift.donorName,
      email: gift.email,
      phone: gift.phone,
      amountCents: gift.amountCents,
      feeCents: gift.feeCents,
      currency: gift.currency,
      donationType: 'subscription',
      paymentMethod: 'ojc',
      ...copyDedication(gift),
      ojcSubscriptionId: gift.id,
      ojcPeriod: period,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [created] = await find();
  return created!;
}

/**
 * Month `period` is settled (charged, or sent to the office to check): the gift counts it and,
 * while it is active, the next month is queued.
 */
async function advance(
  tx: DatabaseExecutor,
  ctx: OjcContext,
  gift: OjcSubscription,
  period: number,
  now: Date,
) {
  const active = gift.status === 'active';
  const stale = active && gift.cardSealed && ctx.vault?.isStale(gift.cardSealed);
  await tx
    .update(ojcSubscriptions)
    .set({
      periodsCharged: period,
      nextChargeAt: active ? dueDateOf(gift, period + 1) : null,
      // A card sealed with a retired key is sealed again with the current one.
      ...(stale
        ? { cardSealed: ctx.vault!.seal(ctx.vault!.open(gift.cardSealed!, gift.id), gift.id) }
        : {}),
      updatedAt: now,
    })
    .where(eq(ojcSubscriptions.id, gift.id));
  if (active) await scheduleRenewal(tx, gift, period + 1);
}

/** A month OJC declined: the gift stops, its card is wiped, the donor and the office are told. */
async function stopDeclinedGift(
  tx: DatabaseExecutor,
  ctx: OjcContext,
  gift: OjcSubscription,
  donation: Donation,
  reason: string,
  now: Date,
) {
  await tx
    .update(ojcSubscriptions)
    .set({
      status: 'failed',
      failedAt: now,
      nextChargeAt: null,
      cardSealed: null,
      periodsCharged: donation.ojcPeriod ?? gift.periodsCharged,
      updatedAt: now,
    })
    .where(eq(ojcSubscriptions.id, gift.id));
  await recordMembershipEnded(tx, { ojc: gift.id }, now);
  await settleEndedPlan(tx, { ojc: gift.id }, now);
  await announceGiftCancelled(tx, gift, 'ojc', now);
  await enqueueMail(tx, {
    key: `ojc:${donation.id}:declined:donor`,
    to: gift.email,
    template: 'ojc-gift-declined',
    data: {
      donorName: gift.donorName,
      amountCents: gift.amountCents,
      currency: gift.currency,
      cardLast4: gift.cardLast4,
      reason,
    },
  });
  await notifyOffice(tx, ctx.officeEmail, donation, {
    outcome: 'declined',
    detail: reason,
    cardLast4: gift.cardLast4,
  });
}

type Start = { gift: OjcSubscription; donation: Donation } | null;

/** Decides whether month `period` is to be charged now, and prepares its row. */
async function startMonth(ctx: OjcContext, giftId: string, period: number): Promise<Start> {
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const gift = await lockGift(tx, giftId);
    if (!gift || gift.status !== 'active' || gift.periodsCharged >= period) {
      ctx.log.info(
        { gift: giftId, period, status: gift?.status ?? 'unknown' },
        'monthly OJC charge skipped: the gift has ended or the month is done',
      );
      return null;
    }
    const donation = await monthRow(tx, gift, period, now);
    if (donation.ojcChargingSince) {
      // An earlier run called OJC and never recorded the answer (its process died).
      ctx.log.error(
        { gift: giftId, period, payment: donation.id },
        'monthly OJC charge outcome unknown',
      );
      await notifyOffice(tx, ctx.officeEmail, donation, {
        outcome: 'unconfirmed',
        detail: 'the charge was sent and its answer was lost',
        cardLast4: gift.cardLast4,
      });
      await advance(tx, ctx, gift, period, now);
      return null;
    }
    return { gift, donation };
  });
}

/** Records OJC's answer for month `period`, or throws so that the job tries again later. */
async function recordMonth(
  ctx: OjcContext,
  { gift, donation }: NonNullable<Start>,
  outcome: ChargeOutcome,
  detail: string | undefined,
) {
  const now = ctx.clock();
  const logFields = {
    gift: gift.id,
    period: donation.ojcPeriod,
    payment: donation.id,
    outcome: outcome.kind,
  };
  if (outcome.kind === 'misconfigured' || outcome.kind === 'unavailable') {
    await releaseCharge(ctx.db, donation.id, now, { declined: false, log: ctx.log });
    const status = outcome.status ?? detail ?? 'no answer';
    if (outcome.kind === 'misconfigured')
      ctx.log.error({ ...logFields, status }, 'OJC refused the organisation or credentials');
    throw new Error(`OJC did not take the monthly charge (${status}); it will be tried again`);
  }
  await ctx.db.transaction(async (tx) => {
    const current = (await lockGift(tx, gift.id)) ?? gift;
    const period = donation.ojcPeriod!;
    if (outcome.kind === 'approved') {
      const charged = await markCharged(tx, donation.id, {
        reference: outcome.reference,
        cardLast4: current.cardLast4,
        now,
      });
      await enqueueReceiptIfDue(tx, charged, { links: ctx, now });
      await recordMembershipPaid(tx, { ojc: current.id }, now, now);
      await advance(tx, ctx, current, period, now);
    } else if (outcome.kind === 'declined') {
      await releaseCharge(tx, donation.id, now, { declined: true, log: ctx.log });
      // Cancelled while OJC was asked: it stays cancelled, and no one needs telling.
      if (current.status === 'active') {
        await stopDeclinedGift(tx, ctx, current, donation, declineMessages[outcome.status], now);
      }
    } else {
      await notifyOffice(tx, ctx.officeEmail, donation, {
        outcome: 'unconfirmed',
        detail: `no answer (${detail ?? 'timeout'})`,
        cardLast4: current.cardLast4,
      });
      await advance(tx, ctx, current, period, now);
    }
  });
  const level =
    outcome.kind === 'approved' ? 'info' : outcome.kind === 'declined' ? 'warn' : 'error';
  ctx.log[level](logFields, `monthly OJC charge: ${outcome.kind}`);
}

/**
 * Charges month `period` of a monthly OJC gift: the renewal job's work. Nothing happens for a
 * gift that has ended or a month already settled, so a job that runs twice, or after the donor
 * cancelled, charges nothing. The month's row is claimed before OJC is called, like the donor's
 * own charge.
 */
export async function renewOjcGift(
  ctx: OjcContext,
  giftId: string,
  period: number,
  signal?: AbortSignal,
) {
  const start = await startMonth(ctx, giftId, period);
  if (!start) return;
  if (!ctx.vault)
    throw new Error('OJC_CARD_ENCRYPTION_KEY is not set: monthly OJC gifts cannot be charged');
  const cardNumber = ctx.vault.open(start.gift.cardSealed!, start.gift.id);
  const claimed = await claimCharge(ctx.db, start.donation.id, ctx.clock(), ctx.log);
  if (!claimed) return;
  const { outcome, detail } = await chargeCharityCard(
    ctx.settings,
    {
      cardNumber,
      expiry: start.gift.cardExpiry,
      amountCents: claimed.amountCents,
      reference: claimed.id,
    },
    signal,
  );
  await recordMonth(ctx, { gift: start.gift, donation: claimed }, outcome, detail);
}
