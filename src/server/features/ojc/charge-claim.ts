import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { donations, type Donation } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { JobLogger } from '~/server/jobs/types';
import { settleCampaignGift, touchCampaign } from '~/server/features/campaigns';

/**
 * Tells the campaign's page that a payment changed, outside the payment's own write: the claim or
 * release is already committed, so a failure here must not surface as the charge failing (which
 * would leave the payment marked busy, never released). The page catches up at the next change.
 */
async function touchBestEffort(
  db: DatabaseExecutor,
  campaignId: string,
  log: Pick<JobLogger, 'warn'>,
) {
  try {
    await touchCampaign(db, campaignId);
  } catch (error) {
    log.warn(
      { err: error, campaign: campaignId },
      'the campaign page could not be told of a charge',
    );
  }
}

/** Declined cards per payment before the payment refuses more (card testing). */
export const MAX_DECLINES_PER_PAYMENT = 5;

/**
 * Takes the payment for one charge. A conditional update, so of two requests (or a request and
 * a job) only one gets the row: the other sees `ojc_charging_since` set and stops before calling
 * OJC. On PostgreSQL the second update waits for the first's row lock, then finds the condition
 * false. Returns the claimed row, or undefined when the payment is unknown, paid, busy, or has
 * had too many declines.
 */
export async function claimCharge(
  db: DatabaseExecutor,
  paymentId: string,
  now: Date,
  log: Pick<JobLogger, 'warn'>,
) {
  const [row] = await db
    .update(donations)
    .set({ ojcChargingSince: now, updatedAt: now })
    .where(
      and(
        eq(donations.id, paymentId),
        eq(donations.paymentMethod, 'ojc'),
        inArray(donations.paymentStatus, ['pending', 'failed']),
        isNull(donations.ojcChargingSince),
        lt(donations.ojcDeclines, MAX_DECLINES_PER_PAYMENT),
      ),
    )
    .returning();
  // A campaign's snapshot shows a charge under way as pending.
  if (row?.campaignId) await touchBestEffort(db, row.campaignId, log);
  return row;
}

/**
 * Hands the payment back after OJC answered without charging. A decline marks it failed (the
 * donor may try another card) and counts towards the limit; OJC being unreachable leaves it as
 * it was.
 */
export async function releaseCharge(
  db: DatabaseExecutor,
  paymentId: string,
  now: Date,
  { declined, log }: { declined: boolean; log: Pick<JobLogger, 'warn'> },
) {
  const [row] = await db
    .update(donations)
    .set({
      ojcChargingSince: null,
      updatedAt: now,
      ...(declined
        ? { paymentStatus: 'failed' as const, ojcDeclines: sql`${donations.ojcDeclines} + 1` }
        : {}),
    })
    .where(eq(donations.id, paymentId))
    .returning({ campaignId: donations.campaignId });
  if (row?.campaignId) await touchBestEffort(db, row.campaignId, log);
}

export interface ChargeApproved {
  reference: string | null;
  cardLast4: string;
  now: Date;
  /** The monthly gift this charge belongs to, and which month it is. */
  gift?: { id: string; period: number };
}

/** Records OJC's approval on the claimed payment, in the caller's transaction. */
export async function markCharged(
  tx: DatabaseExecutor,
  paymentId: string,
  { reference, cardLast4, now, gift }: ChargeApproved,
): Promise<Donation> {
  const [row] = await tx
    .update(donations)
    .set({
      paymentStatus: 'succeeded',
      ojcReference: reference,
      cardLast4,
      donatedAt: now,
      ojcChargingSince: null,
      updatedAt: now,
      ...(gift ? { ojcSubscriptionId: gift.id, ojcPeriod: gift.period } : {}),
    })
    .where(eq(donations.id, paymentId))
    .returning();
  if (!row) throw new Error(`OJC payment ${paymentId} vanished`);
  await settleCampaignGift(tx, row, now);
  return row;
}

export function last4(cardNumber: string) {
  return cardNumber.slice(-4);
}
