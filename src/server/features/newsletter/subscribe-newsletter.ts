import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DatabaseExecutor } from '~/db/client';
import { newsletterSubscribers } from '~/db/schema';
import { enqueueMail } from '~/server/services/mail/mail-job';
import type { SubscriberStatus } from '~/shared/domain';

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export interface Subscribed {
  status: Exclude<SubscriberStatus, 'unsubscribed'>;
  /** A confirmation mail was queued by this signup. */
  mailed: boolean;
}

type Subscriber = typeof newsletterSubscribers.$inferSelect;

/**
 * Double opt-in, in the caller's transaction. A new address is stored as pending and sent a
 * confirmation link. Asking again while pending sends nothing more (the mail is keyed by token);
 * an address that had unsubscribed starts over with new tokens; a confirmed one is left alone.
 */
export async function subscribeNewsletter(
  tx: DatabaseExecutor,
  email: string,
): Promise<Subscribed> {
  const [existing] = await tx
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email))
    .for('update');
  if (existing && existing.status !== 'unsubscribed') {
    return { status: existing.status, mailed: false };
  }
  const [pending] = existing
    ? await tx
        .update(newsletterSubscribers)
        .set({ ...newTokens(), status: 'pending', unsubscribedAt: null })
        .where(eq(newsletterSubscribers.id, existing.id))
        .returning()
    : // A concurrent signup of the same address (another instance) wins the insert and mails.
      await tx
        .insert(newsletterSubscribers)
        .values({ email, ...newTokens() })
        .onConflictDoNothing({ target: newsletterSubscribers.email })
        .returning();
  if (!pending) return { status: 'pending', mailed: false };
  await enqueueMail(tx, confirmationMail(pending));
  return { status: 'pending', mailed: true };
}

function newTokens() {
  return { confirmToken: newToken(), unsubscribeToken: newToken() };
}

function confirmationMail(row: Subscriber) {
  return {
    key: `newsletter-confirm:${row.confirmToken}`,
    to: row.email,
    template: 'newsletter-confirmation' as const,
    data: { confirmToken: row.confirmToken, unsubscribeToken: row.unsubscribeToken },
  };
}
