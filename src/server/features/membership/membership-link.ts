import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { members, type Member } from '~/db/schema';
import { AppError } from '~/server/errors';
import type { DatabaseExecutor } from '~/db/client';
import type { LinkSigner } from '~/server/lib/signed-link';

/** The signed-link purpose of "pay for your membership": a token for another purpose fails. */
export const MEMBERSHIP_PURPOSE = 'membership-checkout';

/** How long the /join confirmation's payment link works. */
export const MEMBERSHIP_LINK_DAYS = 30;

const dayMs = 24 * 60 * 60 * 1000;

export const membershipLinkMessages = {
  invalid: 'This membership link is not valid. Please use the link in your confirmation email.',
  expired:
    'This membership link has expired. Please contact the office and we will send you a new one.',
  alreadyActive: 'This membership is already active. Thank you!',
  alreadyMember:
    'This email address already has an active membership, so nothing was charged and there is nothing more to pay. To change your tier, please contact the office.',
  lapsedMember:
    'This email address already has a membership whose last monthly payment did not go through, so nothing new was charged. To update your card, please contact the office.',
  wrongAmount: (dollars: number) => `This membership is $${dollars} a month.`,
  monthlyOnly:
    'A membership is paid every month, so a one-time gift cannot start it: nothing was charged. Please choose the monthly gift.',
};

/**
 * The checkout of a member's tier, from the /join confirmation email: a monthly card gift of the
 * tier's price, carrying the signed token that names the member.
 */
export function membershipCheckoutUrl(
  links: { linkSigner: LinkSigner; publicUrl: string },
  member: Pick<Member, 'id' | 'monthlyAmountCents'>,
  now: Date,
): string {
  const query = new URLSearchParams({
    amount: String(member.monthlyAmountCents / 100),
    type: 'subscription',
    method: 'credit_card',
    membership: membershipToken(links.linkSigner, member, now),
  });
  return `${links.publicUrl}/checkout?${query.toString()}`;
}

/**
 * The signed token that names a pending member at the checkout (30 days): in the confirmation
 * email's link, and handed to the applicant's own browser so they can pay at once.
 */
export function membershipToken(signer: LinkSigner, member: Pick<Member, 'id'>, now: Date) {
  const expiresAt = new Date(now.getTime() + MEMBERSHIP_LINK_DAYS * dayMs);
  return signer.sign(MEMBERSHIP_PURPOSE, member.id, expiresAt);
}

/**
 * The member a checkout's token names, when it may still be paid for: pending, or ended and
 * joining again, and no other membership of the same address is paid (active, or lapsed with its
 * subscription still retrying). Locked for the payment's transaction with `lock`.
 */
async function payableMember(
  tx: DatabaseExecutor,
  linkSigner: LinkSigner,
  token: string,
  now: Date,
  lock: boolean,
): Promise<Member> {
  const check = linkSigner.verify(MEMBERSHIP_PURPOSE, token, now);
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new AppError('link_expired', membershipLinkMessages.expired)
      : new AppError('bad_request', membershipLinkMessages.invalid);
  }
  const named = tx.select().from(members).where(eq(members.id, check.subject));
  const [member] = lock ? await named.for('update') : await named;
  if (!member) throw new AppError('bad_request', membershipLinkMessages.invalid);
  if (member.status === 'active') {
    throw new AppError('conflict', membershipLinkMessages.alreadyActive);
  }
  await refuseSecondMembership(tx, member);
  return member;
}

/**
 * The member a checkout's token names, locked, when it may still be paid for (payableMember).
 * The gift must be the tier's price (a covered fee comes on top).
 */
export async function memberToPayFor(
  tx: DatabaseExecutor,
  linkSigner: LinkSigner,
  token: string,
  giftCents: number,
  now: Date,
): Promise<Member> {
  const member = await payableMember(tx, linkSigner, token, now, true);
  if (giftCents !== member.monthlyAmountCents) {
    const message = membershipLinkMessages.wrongAmount(member.monthlyAmountCents / 100);
    throw new AppError('validation_failed', message, { amount: message });
  }
  return member;
}

/**
 * What the checkout of a membership's link opens with: why it cannot be paid now, in the words
 * its payment would be refused with (already active, another membership of the address,
 * expired, not valid), so the checkout says so before the donor types a card; or the name and
 * address the member applied with, to fill the donor form (from the member's row, never from
 * the address bar).
 */
export async function membershipLinkState(
  db: DatabaseExecutor,
  linkSigner: LinkSigner,
  token: string,
  now: Date,
): Promise<{ problem: string } | { donor: { name: string; email: string } }> {
  try {
    const member = await payableMember(db, linkSigner, token, now, false);
    return { donor: { name: member.name, email: member.email } };
  } catch (error) {
    if (error instanceof AppError) return { problem: error.message };
    throw error;
  }
}

/**
 * Refuses to take money for `member` when another membership of the same address is paid
 * (active, or lapsed with its subscription still retrying). A second application from the same
 * address (sent twice, or again after a reload) has a link of its own: paying both would charge
 * the person twice a month for one membership. Checked when a checkout is set up, and again just
 * before an OJC card is charged (a second checkout may have been opened before the first paid).
 * Not covered: a card payment still under way for the first (two Stripe checkouts submitted
 * within the seconds before the first is confirmed); the member stays pending until it is.
 * One address, one membership: a household sharing an address joins once, or through the office.
 */
export async function refuseSecondMembership(
  tx: DatabaseExecutor,
  member: Pick<Member, 'id' | 'email'>,
) {
  const paid = await tx
    .select({ status: members.status })
    .from(members)
    .where(
      and(
        ne(members.id, member.id),
        eq(sql`lower(${members.email})`, sql`lower(${member.email})`),
        inArray(members.status, ['active', 'lapsed']),
      ),
    );
  if (paid.some((other) => other.status === 'active')) {
    throw new AppError('conflict', membershipLinkMessages.alreadyMember);
  }
  if (paid.length > 0) throw new AppError('conflict', membershipLinkMessages.lapsedMember);
}

/**
 * A one-time gift never pays for a membership: one sent with a membership's link (an old page,
 * a hand-made request) would take the money and leave the membership waiting. Refused first.
 */
export function refuseOneTimeMembership(membership: string | null | undefined) {
  if (membership) throw new AppError('validation_failed', membershipLinkMessages.monthlyOnly);
}
