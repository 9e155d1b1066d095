import type { Database } from '~/db/client';
import { members, membershipApplications } from '~/db/schema';
import type { LinkSigner } from '../../lib/signed-link';
import { enqueueMail } from '../../mail/mail-job';
import { announce } from '../../services/announcements/announce';
import { membershipCheckoutUrl, membershipToken } from '../members';

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

/**
 * The application, its pending member, its two mails (applicant's confirmation, office's notice) and the integrations'
 * event commit together.
 */
export async function submitMembershipApplication(
  db: Database,
  input: MembershipApplication,
  tier: { id: string; price: number },
  { officeEmail, linkSigner, publicUrl, now }: MembershipSubmitContext,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
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
    const [member] = await tx
      .insert(members)
      .values({
        applicationId: row!.id,
        name: `${input.firstName} ${input.lastName}`,
        email: input.email,
        tier: tier.id,
        monthlyAmountCents: tier.price * 100,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // Prayer intentions stay in the database: the mails say only whether some were given.
    const data = {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      tierId: input.membershipTier,
      message: input.message,
      hasPrayerIntentions: Boolean(input.prayerIntentions),
    };
    const checkoutUrl = membershipCheckoutUrl({ linkSigner, publicUrl }, member!, now);
    const key = `membership:${row!.id}`;
    await enqueueMail(tx, {
      key: `${key}:applicant`,
      to: input.email,
      template: 'membership-confirmation',
      data: { ...data, checkoutUrl },
    });
    await enqueueMail(tx, {
      key: `${key}:office`,
      to: officeEmail,
      template: 'membership-notification',
      data,
    });
    // Names, contact details and the tier; never the intentions nor the message.
    await announce(tx, {
      type: 'membership.applied',
      applicationId: row!.id,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      tier: input.membershipTier,
    });
    return { id: row!.id, membership: membershipToken(linkSigner, member!, now) };
  });
}
