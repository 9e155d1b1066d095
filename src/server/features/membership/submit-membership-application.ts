import type { Database } from '~/db/client';
import { membershipApplications } from '~/db/schema';

export interface MembershipApplication {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  membershipTier: string;
  prayerIntentions: string | null;
  message: string | null;
}

export async function submitMembershipApplication(db: Database, input: MembershipApplication) {
  const [row] = await db
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
  return row!;
}
