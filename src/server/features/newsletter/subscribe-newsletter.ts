import { randomBytes } from 'node:crypto';
import type { Database } from '~/db/client';
import { newsletterSubscribers } from '~/db/schema';

/**
 * Stores the address once. Subscribing again is not an error and changes nothing; an address
 * that had unsubscribed is pending again (confirmation by email comes with the outbox).
 */
export async function subscribeNewsletter(db: Database, email: string) {
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({ email, confirmToken: newToken(), unsubscribeToken: newToken() })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return { created: row !== undefined };
}

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}
