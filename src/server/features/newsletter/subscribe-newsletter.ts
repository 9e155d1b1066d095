import type { Database } from '~/db/client';
import { newsletterSubscribers } from '~/db/schema';

/**
 * Stores the address once. Subscribing again is not an error and changes nothing; an address
 * that had unsubscribed is pending again (confirmation by email comes with the outbox).
 */
export async function subscribeNewsletter(db: Database, email: string) {
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return { created: row !== undefined };
}
