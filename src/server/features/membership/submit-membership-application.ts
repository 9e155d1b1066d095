import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '~/db/client';
import { members, membershipApplications } from '~/db/schema';
import type { LinkSigner } from '~/server/lib/signed-link';
import { enqueueMail } from '~/server/services/mail/mail-job';
import { enqueueCappedMail } from '~/server/services/mail/recipient-cap';
import { announce } from '~/server/services/announcements/announce';
import { membershipCheckoutUrl } from './membership-link';

export interface MembershipApplication {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  membershipTier: string;
  prayerIntentions: string | null;
  message: string | null;
}

export interface MembershipSubmitContext {
  officeEmail: string;
  /** Signs the applicant's link to pay for the tier, under the site's address. */
  linkSigner: LinkSigner;
  publicUrl: string;
  now: Date;
}

/** An application with the tier it names: its price is the member's. */
export interface TierApplication {
  input: MembershipApplication;
  tier: { id: string; price: number };
}

/**
 * In the caller's transaction: the application, its pending member, its two mails (the
 * applicant's confirmation with the link to pay, the office's notice) and the integrations'
 * event commit together.
 *
 * The answer is the same whoever owns the address: the link to pay goes to the address alone, so
 * whoever pays has shown the address is theirs, and the form tells a stranger nothing about its
 * memberships. An address that already has a paid membership (active, or lapsed while its
 * renewal is retried) gets no second one: its application is kept for the office, no member is
 * made, and its mail says so, with nothing to pay. What a visitor typed (the name) reaches only
 * the office: the applicant's mail greets no one by name. The applicant's mails are capped per
 * address (recipient-cap.ts). Answers the application's id.
 */
export async function submitMembershipApplication(
  tx: DatabaseExecutor,
  { input, tier }: TierApplication,
  { officeEmail, linkSigner, publicUrl, now }: MembershipSubmitContext,
): Promise<{ id: string }> {
  const existing = await paidMembershipOf(tx, input.email);
  const [application] = await tx
    .insert(membershipApplications)
    .values({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      tier: tier.id,
      prayerIntentions: input.prayerIntentions,
      message: input.message,
    })
    .returning({ id: membershipApplications.id });
  const { id } = application!;
  const member = existing
    ? null
    : (
        await tx
          .insert(members)
          .values({
            applicationId: id,
            name: `${input.firstName} ${input.lastName}`,
            email: input.email,
            tier: tier.id,
            monthlyAmountCents: tier.price * 100,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: members.id, monthlyAmountCents: members.monthlyAmountCents })
      )[0]!;
  // Prayer intentions stay in the database: the office's mail says only whether some were given.
  await enqueueMail(tx, {
    key: `membership:${id}:office`,
    to: officeEmail,
    template: 'membership-notification',
    data: {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      tierId: input.membershipTier,
      message: input.message,
      hasPrayerIntentions: Boolean(input.prayerIntentions),
      ...(existing ? { existingMembership: existing } : {}),
    },
  });
  await enqueueCappedMail(
    tx,
    {
      key: `membership:${id}:applicant`,
      to: input.email,
      template: 'membership-confirmation',
      data: {
        tierId: tier.id,
        ...(member
          ? { checkoutUrl: membershipCheckoutUrl({ linkSigner, publicUrl }, member, now) }
          : { existingMembership: existing! }),
      },
    },
    now,
  );
  // Names, contact details and the tier; never the intentions nor the message.
  await announce(tx, {
    type: 'membership.applied',
    applicationId: id,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    tier: input.membershipTier,
  });
  return { id };
}

/**
 * The address's paid membership, if it has one: 'active', or 'lapsed' (its last renewal
 * declined, still retried). An active one wins over a lapsed one.
 */
async function paidMembershipOf(
  tx: DatabaseExecutor,
  email: string,
): Promise<'active' | 'lapsed' | null> {
  const found = await tx
    .select({ status: members.status })
    .from(members)
    .where(
      and(
        eq(sql`lower(${members.email})`, email.toLowerCase()),
        inArray(members.status, ['active', 'lapsed']),
      ),
    );
  if (found.length === 0) return null;
  return found.some((row) => row.status === 'active') ? 'active' : 'lapsed';
}
