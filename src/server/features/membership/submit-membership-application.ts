import type { Database } from '~/db/client';
import { membershipApplications } from '~/db/schema';
import { enqueueMail } from '../../mail/mail-job';
import { announce } from '../integrations/announce';

export interface MembershipApplication {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  membershipTier: string;
  prayerIntentions: string | null;
  message: string | null;
}

/**
 * The application, its two mails (applicant's confirmation, office's notice) and the integrations'
 * event commit together.
 */
export async function submitMembershipApplication(
  db: Database,
  input: MembershipApplication,
  officeEmail: string,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(membershipApplications)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        tier: input.membershipTier,
        prayerIntentions: input.prayerIntentions,
        message: input.message,
      })
      .returning({ id: membershipApplications.id });
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
    const key = `membership:${row!.id}`;
    await enqueueMail(tx, {
      key: `${key}:applicant`,
      to: input.email,
      template: 'membership-confirmation',
      data,
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
    return row!;
  });
}
