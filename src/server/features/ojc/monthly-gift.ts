import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ojcSubscriptions, type Donation, type OjcSubscription } from '~/db/schema';
import type { OjcChargeInput } from '~/shared/schemas/ojc';
import { addMonths } from '~/shared/schedule';
import { enqueueJob } from '~/server/jobs/enqueue-job';
import type { DatabaseExecutor } from '~/db/client';
import type { CardVault } from './card-vault';
import { last4 } from './charge-claim';
import { copyDedication } from '~/server/lib/dedication';

export const OJC_RENEWAL_JOB_KIND = 'ojc.renewal';

/** When month `period` (1 for the first charge) of a gift is due. */
export function dueDateOf(gift: Pick<OjcSubscription, 'startedAt'>, period: number) {
  return addMonths(gift.startedAt, period - 1);
}

/**
 * Queues the charge of month `period`, due then, in the caller's transaction. The key names the
 * gift and the month, so however often a month is completed, the next is queued once.
 */
export function scheduleRenewal(tx: DatabaseExecutor, gift: OjcSubscription, period: number) {
  return enqueueJob(tx, {
    kind: OJC_RENEWAL_JOB_KIND,
    key: `ojc-renewal:${gift.id}:${period}`,
    payload: { giftId: gift.id, period },
    runAt: dueDateOf(gift, period),
  });
}

/**
 * After a monthly gift's first charge went through: the gift with its card sealed, and the
 * second month queued. Runs in the transaction that records the first charge.
 */
export async function startMonthlyGift(
  tx: DatabaseExecutor,
  vault: CardVault,
  donation: Donation,
  card: OjcChargeInput,
  now: Date,
): Promise<OjcSubscription> {
  const id = randomUUID();
  const [gift] = await tx
    .insert(ojcSubscriptions)
    .values({
      id,
      donorName: donation.donorName ?? '',
      email: donation.email ?? '',
      phone: donation.phone,
      amountCents: donation.amountCents,
      feeCents: donation.feeCents,
      currency: donation.currency,
      ...copyDedication(donation),
      cardSealed: vault.seal(card.cardNumber, id),
      cardLast4: last4(card.cardNumber),
      cardExpiry: card.expiry,
      startedAt: now,
      periodsCharged: 1,
      nextChargeAt: addMonths(now, 1),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await scheduleRenewal(tx, gift!, 2);
  return gift!;
}

/** Locks a gift for the rest of the transaction. */
export async function lockGift(tx: DatabaseExecutor, giftId: string) {
  const [gift] = await tx
    .select()
    .from(ojcSubscriptions)
    .where(eq(ojcSubscriptions.id, giftId))
    .for('update');
  return gift;
}
