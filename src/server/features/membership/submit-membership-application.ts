import type { DatabaseExecutor } from '~/db/client';
import { insertMany } from '~/db/insert-many';
import { members, membershipApplications } from '~/db/schema';
import type { LinkSigner } from '../../lib/signed-link';
import { enqueueMails } from '../../mail/mail-job';
import { announceAll } from '../../services/announcements/announce';
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
 * One application of a batch, with the tier it names (its price is the member's) and the ids
 * its post made for the application and its member (`randomUUID()`), once, before writing.
 */
export interface TierApplication {
  input: MembershipApplication;
  tier: { id: string; price: number };
  ids: { application: string; member: string };
}

/**
 * In the caller's transaction: each application, its pending member, its two mails (the
 * applicant's confirmation with the link to pay, the office's notice) and the integrations'
 * event commit together. Several applications (a batch of posts, issue 20) cost one statement
 * per table. Writing the same applications again (a batch retried whose commit may have landed,
 * ADR 036) adds nothing: the rows, mails and events are keyed by the ids. One result per
 * application, in order: its id and the signed token its applicant pays with.
 */
export async function submitMembershipApplications(
  tx: DatabaseExecutor,
  applications: TierApplication[],
  { officeEmail, linkSigner, publicUrl, now }: MembershipSubmitContext,
) {
  const rows = applications.map(({ input, tier, ids }) => ({
    application: {
      id: ids.application,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      tier: tier.id,
      prayerIntentions: input.prayerIntentions,
      message: input.message,
    },
    member: {
      id: ids.member,
      name: `${input.firstName} ${input.lastName}`,
      email: input.email,
      tier: tier.id,
      monthlyAmountCents: tier.price * 100,
      createdAt: now,
      updatedAt: now,
    },
  }));
  await insertMany(
    tx,
    membershipApplications,
    rows.map((row) => row.application),
    { skipConflictOn: membershipApplications.id },
  );
  await insertMany(
    tx,
    members,
    rows.map(({ application, member }) => ({ ...member, applicationId: application.id })),
    { skipConflictOn: members.id },
  );
  await enqueueMails(
    tx,
    rows.flatMap(({ application, member }, i) => {
      const { input } = applications[i]!;
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
      const checkoutUrl = membershipCheckoutUrl({ linkSigner, publicUrl }, member, now);
      const key = `membership:${application.id}`;
      return [
        {
          key: `${key}:applicant`,
          to: input.email,
          template: 'membership-confirmation' as const,
          data: { ...data, checkoutUrl },
        },
        {
          key: `${key}:office`,
          to: officeEmail,
          template: 'membership-notification' as const,
          data,
        },
      ];
    }),
  );
  // Names, contact details and the tier; never the intentions nor the message.
  await announceAll(
    tx,
    applications.map(({ input }, i) => ({
      type: 'membership.applied' as const,
      applicationId: rows[i]!.application.id,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      tier: input.membershipTier,
    })),
  );
  return rows.map(({ application, member }) => ({
    id: application.id,
    membership: membershipToken(linkSigner, member, now),
  }));
}
