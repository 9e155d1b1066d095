import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '~/db/client';
import { newsletterSubscribers } from '~/db/schema';
import { enqueueMail } from '../../mail/mail-job';

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Double opt-in. A new address is stored as pending and sent a confirmation link, in one
 * transaction. Asking again while pending sends nothing more (the mail is keyed by token); an
 * address that had unsubscribed starts over with new tokens; a confirmed one is left alone.
 */
export async function subscribeNewsletter(db: Database, email: string) {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email))
      .for('update');
    if (existing?.status === 'confirmed' || existing?.status === 'pending') {
      return { status: existing.status, mailed: false };
    }
    const tokens = { confirmToken: newToken(), unsubscribeToken: newToken() };
    const [row] = existing
      ? await tx
          .update(newsletterSubscribers)
          .set({ ...tokens, status: 'pending', unsubscribedAt: null })
          .where(eq(newsletterSubscribers.id, existing.id))
          .returning()
      : await tx
          .insert(newsletterSubscribers)
          .values({ email, ...tokens })
          .onConflictDoNothing({ target: newsletterSubscribers.email })
          .returning();
    // A concurrent request for the same address won the insert: it sends the mail.
    if (!row) return { status: 'pending' as const, mailed: false };
    await enqueueMail(tx, {
      key: `newsletter-confirm:${row.confirmToken}`,
      to: row.email,
      template: 'newsletter-confirmation',
      data: { confirmToken: row.confirmToken, unsubscribeToken: row.unsubscribeToken },
    });
    return { status: 'pending' as const, mailed: true };
  });
}
