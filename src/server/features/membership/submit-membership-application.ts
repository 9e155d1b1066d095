import { and, inArray, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '~/db/client';
import { insertMany } from '~/db/insert-many';
import { members, membershipApplications } from '~/db/schema';
import type { LinkSigner } from '~/server/lib/signed-link';
import { enqueueMails } from '~/server/mail/mail-job';
import { enqueueCappedMails } from '~/server/mail/recipient-cap';
import { announceAll } from '~/server/services/announcements/announce';
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
 * event commit together. Several applications (a batch of posts) cost one statement
 * per table. Writing the same applications again (a batch retried whose commit may have landed,
 * ADR 036) adds nothing: the rows, the office's mail and the events are keyed by the ids, and
 * the applicant's mail is queued only with a new application.
 *
 * The answer is the same whoever owns the address: the link to pay goes to the address alone, so
 * whoever pays has shown the address is theirs, and the form tells a stranger nothing about its
 * memberships. An address that already has a paid membership (active, or lapsed while its
 * renewal is retried) gets no second one: its application is kept for the office, no member is
 * made, and its mail says so, with nothing to pay. What a visitor typed (the name) reaches only
 * the office: the applicant's mail greets no one by name. The applicant's mails are capped per
 * address (recipient-cap.ts). One result per application, in order: its id.
 */
export async function submitMembershipApplications(
  tx: DatabaseExecutor,
  applications: TierApplication[],
  { officeEmail, linkSigner, publicUrl, now }: MembershipSubmitContext,
) {
  const paid = await paidMembershipsOf(
    tx,
    applications.map(({ input }) => input.email),
  );
  const rows = applications.map(({ input, tier, ids }) => {
    const existing = paid.get(input.email.toLowerCase()) ?? null;
    return {
      existing,
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
      member: existing
        ? null
        : {
            id: ids.member,
            applicationId: ids.application,
            name: `${input.firstName} ${input.lastName}`,
            email: input.email,
            tier: tier.id,
            monthlyAmountCents: tier.price * 100,
            createdAt: now,
            updatedAt: now,
          },
    };
  });
  const inserted = new Set(
    (
      await insertMany(
        tx,
        membershipApplications,
        rows.map((row) => row.application),
        { skipConflictOn: membershipApplications.id, returning: { id: membershipApplications.id } },
      )
    ).map((row) => (row as { id: string }).id),
  );
  const newMembers = rows.flatMap((row) => (row.member ? [row.member] : []));
  if (newMembers.length > 0) {
    await insertMany(tx, members, newMembers, { skipConflictOn: members.id });
  }
  // Prayer intentions stay in the database: the office's mail says only whether some were given.
  await enqueueMails(
    tx,
    rows.map(({ application, existing }, i) => {
      const { input } = applications[i]!;
      return {
        key: `membership:${application.id}:office`,
        to: officeEmail,
        template: 'membership-notification' as const,
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
      };
    }),
  );
  await enqueueCappedMails(
    tx,
    rows
      .filter(({ application }) => inserted.has(application.id))
      .map(({ application, member, existing }) => ({
        key: `membership:${application.id}:applicant`,
        to: application.email,
        template: 'membership-confirmation' as const,
        data: {
          tierId: application.tier,
          ...(member
            ? { checkoutUrl: membershipCheckoutUrl({ linkSigner, publicUrl }, member, now) }
            : { existingMembership: existing! }),
        },
      })),
    now,
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
  return rows.map(({ application }) => ({ id: application.id }));
}

/**
 * The paid membership of each of these addresses (lower-cased), if it has one: 'active', or
 * 'lapsed' (its last renewal declined, still retried). An active one wins over a lapsed one.
 */
async function paidMembershipsOf(tx: DatabaseExecutor, emails: string[]) {
  const addresses = [...new Set(emails.map((email) => email.toLowerCase()))];
  const email = sql<string>`lower(${members.email})`;
  const found = await tx
    .select({ email, status: members.status })
    .from(members)
    .where(and(inArray(email, addresses), inArray(members.status, ['active', 'lapsed'])));
  const paid = new Map<string, 'active' | 'lapsed'>();
  for (const row of found) {
    if (paid.get(row.email) !== 'active') paid.set(row.email, row.status as 'active' | 'lapsed');
  }
  return paid;
}
