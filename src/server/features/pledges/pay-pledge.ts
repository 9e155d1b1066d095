import { eq } from 'drizzle-orm';
import { donations, pledges } from '~/db/schema';
import type { Database, DatabaseExecutor } from '~/db/client';
import { formatMoney } from '~/shared/money';
import type { PledgePayInput } from '~/shared/schemas/pledges';
import { AppError } from '~/server/errors';
import { recordOfflineGift } from '~/server/features/offline-gifts';
import { lockOpenPledge } from './lock-open-pledge';
import { auditPledge, todayOf, type PledgeContext } from './pledge-context';
import { serializePledge } from './serialize-pledge';

/**
 * The donor record of a part of this pledge paid before: a donor without email is known by no
 * address, so every part of one pledge goes on the record its first part made (ADR 053).
 */
async function recordOfEarlierPart(tx: DatabaseExecutor, pledgeId: string) {
  const [part] = await tx
    .select({ donorId: donations.donorId })
    .from(pledges)
    .innerJoin(donations, eq(donations.id, pledges.paidDonationId))
    .where(eq(pledges.partOfPledgeId, pledgeId))
    .limit(1);
  return part?.donorId ?? undefined;
}

/**
 * Records a pledge's payment as a gift received (with its receipt number and receipt mail) and
 * links the two, in one transaction. A payment of the whole closes the pledge. A part payment is
 * a paid pledge of its own, naming the pledge it is part of, which stays open for the rest
 * (docs/features.md, Pledges).
 */
export function payPledge(db: Database, id: string, pay: PledgePayInput, ctx: PledgeContext) {
  return db.transaction(async (tx) => {
    const pledge = await lockOpenPledge(tx, id);
    const paidCents = Math.round(pay.amount * 100);
    if (paidCents > pledge.amountCents) {
      const pledged = formatMoney(pledge.amountCents, 'usd');
      throw new AppError('validation_failed', 'Please check the amount paid.', {
        amount: `This is more than the ${pledged} pledged. Record ${pledged} here and the rest as a gift in Gifts Received.`,
      });
    }
    const donorId = pledge.email ? undefined : await recordOfEarlierPart(tx, pledge.id);
    const gift = await recordOfflineGift(
      tx,
      {
        ...(donorId ? { donorId } : {}),
        name: pledge.donorName,
        email: pledge.email,
        address: pledge.postalAddress,
        amount: paidCents / 100,
        method: pay.method,
        receivedOn: pay.receivedOn,
        reference: pay.reference,
        dedication: null,
        campaign: null,
        team: null,
        wall: null,
        note: pledge.campaign ? `Pledge paid: ${pledge.campaign}` : 'Pledge paid',
        ...(pay.confirmDuplicate ? { confirmDuplicate: true } : {}),
      },
      ctx,
    );
    const closed = { status: 'paid' as const, paidDonationId: gift.id, closedAt: ctx.now };
    const whole = paidCents === pledge.amountCents;
    const [paid] = whole
      ? await tx
          .update(pledges)
          .set({ ...closed, updatedAt: ctx.now })
          .where(eq(pledges.id, id))
          .returning()
      : await tx
          .insert(pledges)
          .values({
            ...closed,
            donorName: pledge.donorName,
            email: pledge.email,
            postalAddress: pledge.postalAddress,
            amountCents: paidCents,
            expectedOn: pledge.expectedOn,
            campaign: pledge.campaign,
            partOfPledgeId: pledge.id,
            createdAt: ctx.now,
            updatedAt: ctx.now,
          })
          .returning();
    const [rest] = whole
      ? []
      : await tx
          .update(pledges)
          .set({ amountCents: pledge.amountCents - paidCents, updatedAt: ctx.now })
          .where(eq(pledges.id, id))
          .returning();
    await auditPledge(tx, ctx, 'pledge-paid', pledge, {
      amountCents: paidCents,
      receiptNumber: gift.receiptNumber,
      ...(rest ? { stillPledgedCents: rest.amountCents } : {}),
    });
    const today = todayOf(ctx);
    return {
      pledge: serializePledge(paid!, today, gift.receiptNumber),
      gift,
      rest: rest ? serializePledge(rest, today) : null,
    };
  });
}
