import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '~/db/client';
import { newsletterSubscribers } from '~/db/schema';

/** Confirms the address holding this token. Confirming twice is fine; unknown tokens are not. */
export async function confirmNewsletter(db: Database, token: string, now = new Date()) {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: 'confirmed', confirmedAt: now })
    .where(
      and(
        eq(newsletterSubscribers.confirmToken, token),
        eq(newsletterSubscribers.status, 'pending'),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  if (row) return { confirmed: true, subscriberId: row.id };
  const [already] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.confirmToken, token),
        eq(newsletterSubscribers.status, 'confirmed'),
      ),
    );
  return { confirmed: already !== undefined, subscriberId: already?.id };
}

/** Unsubscribes the address holding this token; doing it twice is harmless. */
export async function unsubscribeNewsletter(db: Database, token: string, now = new Date()) {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: now })
    .where(
      and(
        eq(newsletterSubscribers.unsubscribeToken, token),
        ne(newsletterSubscribers.status, 'unsubscribed'),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  if (row) return { found: true };
  const [known] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token));
  return { found: known !== undefined };
}
