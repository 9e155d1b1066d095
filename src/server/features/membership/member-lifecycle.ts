import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { members, type Member } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { enqueueMail } from '~/server/services/mail/mail-job';
import { addMonths } from '~/shared/schedule';

/** The subscription that pays a membership: a Stripe subscription or an OJC monthly gift. */
export type PayingSubscription = { stripe: string } | { ojc: string };

function paidBy(subscription: PayingSubscription): SQL {
  return 'stripe' in subscription
    ? eq(members.stripeSubscriptionId, subscription.stripe)
    : eq(members.ojcSubscriptionId, subscription.ojc);
}

async function update(
  tx: DatabaseExecutor,
  where: SQL,
  changes: Partial<Member>,
  now: Date,
): Promise<Member[]> {
  return tx
    .update(members)
    .set({ ...changes, updatedAt: now })
    .where(where)
    .returning();
}

/**
 * The checkout of a member's link set up this Stripe subscription to pay for it. A cancelled
 * member joining again (memberToPayFor lets them) is pending again, so that the new
 * subscription's first payment makes them active; events of the old subscription no longer
 * find them.
 */
export async function linkStripeSubscription(
  tx: DatabaseExecutor,
  memberId: string,
  subscriptionId: string,
  now: Date,
) {
  await update(
    tx,
    and(eq(members.id, memberId), eq(members.status, 'cancelled'))!,
    { status: 'pending', cancelledAt: null },
    now,
  );
  return update(tx, eq(members.id, memberId), { stripeSubscriptionId: subscriptionId }, now);
}

/** The OJC checkout of a member's link stored this pending payment: its first charge pays. */
export function linkOjcPayment(
  tx: DatabaseExecutor,
  memberId: string,
  paymentId: string,
  now: Date,
) {
  return update(tx, eq(members.id, memberId), { ojcPaymentId: paymentId }, now);
}

/** The first charge of a member's OJC payment went through and became this monthly gift. */
export function linkOjcGift(tx: DatabaseExecutor, paymentId: string, giftId: string, now: Date) {
  return update(tx, eq(members.ojcPaymentId, paymentId), { ojcSubscriptionId: giftId }, now);
}

/** The welcome materials, once per member, in the transaction that made the member active. */
function enqueueWelcome(tx: DatabaseExecutor, member: Member, activatedAt: Date) {
  return enqueueMail(tx, {
    key: `member:${member.id}:welcome`,
    to: member.email,
    template: 'member-welcome',
    data: {
      name: member.name,
      tierId: member.tier,
      monthlyAmountCents: member.monthlyAmountCents,
      activatedAt: activatedAt.toISOString(),
    },
  });
}

/**
 * A monthly payment of a membership succeeded (the first or a renewal): the member is active,
 * member since the first payment, renewing a month after this one. A cancelled membership is
 * not revived by a late event; the first activation queues the welcome mail. Returns the members
 * that became active just now.
 */
export async function recordMembershipPaid(
  tx: DatabaseExecutor,
  subscription: PayingSubscription,
  paidAt: Date,
  now: Date,
): Promise<Member[]> {
  const where = and(
    paidBy(subscription),
    inArray(members.status, ['pending', 'active', 'lapsed']),
  )!;
  const before = await tx.select().from(members).where(where).for('update');
  const activated: Member[] = [];
  for (const member of before) {
    const nextRenewalAt = addMonths(paidAt, 1);
    await update(
      tx,
      eq(members.id, member.id),
      {
        status: 'active',
        memberSince: member.memberSince ?? paidAt,
        nextRenewalAt:
          member.nextRenewalAt && member.nextRenewalAt > nextRenewalAt
            ? member.nextRenewalAt
            : nextRenewalAt,
      },
      now,
    );
    if (member.status !== 'active') activated.push(member);
    if (member.status === 'pending') await enqueueWelcome(tx, member, paidAt);
  }
  return activated;
}

/** A renewal is overdue (declined, Stripe retrying): an active member has lapsed until paid. */
export function recordMembershipOverdue(
  tx: DatabaseExecutor,
  subscription: PayingSubscription,
  now: Date,
) {
  return update(
    tx,
    and(paidBy(subscription), eq(members.status, 'active'))!,
    { status: 'lapsed' },
    now,
  );
}

/** The subscription ended (cancelled, or failed for good): so does the membership. */
export function recordMembershipEnded(
  tx: DatabaseExecutor,
  subscription: PayingSubscription,
  now: Date,
) {
  return update(
    tx,
    and(paidBy(subscription), inArray(members.status, ['pending', 'active', 'lapsed']))!,
    { status: 'cancelled', cancelledAt: now, nextRenewalAt: null },
    now,
  );
}

/**
 * The first payment of the subscription will never be made (its PaymentIntent canceled, its
 * invoice voided, or the subscription `incomplete_expired`): a membership still waiting for it
 * ends. Active and lapsed members, who paid before, are not touched. The member's link still
 * works until it expires: a new checkout makes them pending again (linkStripeSubscription).
 */
export function recordMembershipNeverPaid(
  tx: DatabaseExecutor,
  subscription: PayingSubscription,
  now: Date,
) {
  return update(
    tx,
    and(paidBy(subscription), eq(members.status, 'pending'))!,
    { status: 'cancelled', cancelledAt: now, nextRenewalAt: null },
    now,
  );
}

/**
 * The subscription's monthly amount changed (the donor switched plans in Stripe's portal, or the
 * office changed it): the member pays the new amount, and takes the tier of that price when one
 * has it. A member of a price no tier has keeps the tier. Returns the members changed.
 */
export function recordMembershipAmount(
  tx: DatabaseExecutor,
  subscription: PayingSubscription,
  amountCents: number,
  tiers: readonly { id: string; price: number }[],
  now: Date,
) {
  const tier = tiers.find((t) => t.price * 100 === amountCents);
  return update(
    tx,
    and(paidBy(subscription), inArray(members.status, ['pending', 'active', 'lapsed']))!,
    { monthlyAmountCents: amountCents, ...(tier ? { tier: tier.id } : {}) },
    now,
  );
}
