import { eq } from 'drizzle-orm';
import { campaigns, members, type Donation, type OjcSubscription } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import type { OjcGift, OjcPayment } from '~/shared/schemas/ojc';
import { dedicationOf } from '~/server/lib/dedication';

/** An OJC payment as its payment page shows it (the donation row is not the wire format). */
export function serializeOjcPayment(donation: Donation): OjcPayment {
  const { paymentStatus } = donation;
  return {
    paymentId: donation.id,
    amountCents: donation.amountCents,
    feeCents: donation.feeCents,
    currency: donation.currency,
    donationType: donation.donationType,
    donorName: donation.donorName,
    dedication: dedicationOf(donation),
    // OJC gifts are never refunded or disputed through the site: anything paid is succeeded.
    status: paymentStatus === 'pending' || paymentStatus === 'failed' ? paymentStatus : 'succeeded',
    cardLast4: donation.cardLast4,
    donatedAt: donation.donatedAt?.toISOString() ?? null,
  };
}

/**
 * `serializeOjcPayment`, saying whether the payment is a membership's first (a member's checkout
 * stored it): its thank-you then says the membership has begun; and the campaign it was given
 * in, which its thank-you links back to.
 */
export async function ojcPaymentView(
  db: DatabaseExecutor,
  donation: Donation,
): Promise<OjcPayment> {
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.ojcPaymentId, donation.id));
  const [campaign] = donation.campaignId
    ? await db
        .select({ slug: campaigns.slug })
        .from(campaigns)
        .where(eq(campaigns.id, donation.campaignId))
    : [];
  return {
    ...serializeOjcPayment(donation),
    ...(member ? { membership: true } : {}),
    ...(campaign ? { campaign: campaign.slug } : {}),
  };
}

/** A monthly OJC gift as its cancel page shows it: never the sealed card. */
export function serializeOjcGift(gift: OjcSubscription): OjcGift {
  return {
    amountCents: gift.amountCents,
    currency: gift.currency,
    donorName: gift.donorName,
    status: gift.status,
    cardLast4: gift.cardLast4,
    nextChargeAt: gift.status === 'active' ? (gift.nextChargeAt?.toISOString() ?? null) : null,
    dedication: dedicationOf(gift),
  };
}
