import { and, eq, inArray } from 'drizzle-orm';
import { members, ojcSubscriptions, stripeSubscriptions } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { sameEmail } from './same-email';

/** Why an address cannot be erased yet: a monthly gift or membership still charges it. */
export async function erasureBlocker(db: DatabaseExecutor, email: string) {
  const [card] = await db
    .select({ id: stripeSubscriptions.id })
    .from(stripeSubscriptions)
    .where(
      and(
        sameEmail(stripeSubscriptions.email, email),
        inArray(stripeSubscriptions.status, ['active', 'trialing', 'past_due']),
      ),
    )
    .limit(1);
  const [ojc] = await db
    .select({ id: ojcSubscriptions.id })
    .from(ojcSubscriptions)
    .where(and(sameEmail(ojcSubscriptions.email, email), eq(ojcSubscriptions.status, 'active')))
    .limit(1);
  // A pending membership was never paid (anyone can apply with any address): it charges
  // nothing, so it does not hold the erasure back; eraseDonor ends it with the rest.
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(sameEmail(members.email, email), inArray(members.status, ['active', 'lapsed'])))
    .limit(1);
  return card || ojc || member
    ? 'A monthly gift or a membership is still running on this address: cancel it first, then erase.'
    : null;
}
