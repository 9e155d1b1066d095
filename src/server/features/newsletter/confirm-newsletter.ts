import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '~/db/client';
import { newsletterSubscribers } from '~/db/schema';
import { announce } from '~/server/services/announcements/announce';

/**
 * Confirms the address holding this token, and announces it to the integrations in the same
 * transaction (once: a second confirmation changes nothing). Confirming twice is fine; unknown
 * tokens are not.
 */
export async function confirmNewsletter(db: Database, token: string, now = new Date()) {
  const confirmedNow = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ status: 'confirmed', confirmedAt: now })
      .where(
        and(
          eq(newsletterSubscribers.confirmToken, token),
          eq(newsletterSubscribers.status, 'pending'),
        ),
      )
      .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
    if (row) {
      await announce(tx, {
        type: 'newsletter.confirmed',
        subscriberId: row.id,
        email: row.email,
        occurredAt: now,
      });
    }
    return row;
  });
  if (confirmedNow) return { confirmed: true, subscriberId: confirmedNow.id, announced: true };
  const [already] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.confirmToken, token),
        eq(newsletterSubscribers.status, 'confirmed'),
      ),
    );
  return { confirmed: already !== undefined, subscriberId: already?.id, announced: false };
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
