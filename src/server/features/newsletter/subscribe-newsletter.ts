import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { DatabaseExecutor } from '~/db/client';
import { newsletterSubscribers } from '~/db/schema';
import { enqueueMails, type QueuedMail } from '~/server/mail/mail-job';

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export interface Subscribed {
  status: 'pending' | 'confirmed';
  /** A confirmation mail was queued by this signup. */
  mailed: boolean;
}

type Subscriber = typeof newsletterSubscribers.$inferSelect;

/**
 * Double opt-in, in the caller's transaction, for the signups of a batch: one result
 * per address given, in order. A new address is stored as pending and sent a confirmation
 * link. Asking again while pending sends nothing more (the mail is keyed by token), nor does the
 * same address twice in one batch; an address that had unsubscribed starts over with new
 * tokens; a confirmed one is left alone. New addresses are one statement whatever their number.
 */
export async function subscribeNewsletters(
  tx: DatabaseExecutor,
  emails: string[],
): Promise<Subscribed[]> {
  // In address order: two instances' batches wait for each other's rows in the same order.
  const distinct = [...new Set(emails)].sort();
  const existing = new Map(
    (
      await tx
        .select()
        .from(newsletterSubscribers)
        .where(inArray(newsletterSubscribers.email, distinct))
        .for('update')
    ).map((row) => [row.email, row]),
  );
  const fresh = distinct.filter((email) => !existing.has(email));
  // A concurrent signup of the same address (another instance) wins the insert and mails.
  const inserted = fresh.length
    ? await tx
        .insert(newsletterSubscribers)
        .values(fresh.map((email) => ({ email, ...newTokens() })))
        .onConflictDoNothing({ target: newsletterSubscribers.email })
        .returning()
    : [];
  const restarted: Subscriber[] = [];
  for (const row of existing.values()) {
    if (row.status !== 'unsubscribed') continue;
    const [again] = await tx
      .update(newsletterSubscribers)
      .set({ ...newTokens(), status: 'pending', unsubscribedAt: null })
      .where(eq(newsletterSubscribers.id, row.id))
      .returning();
    restarted.push(again!);
  }
  const mailed = [...inserted, ...restarted];
  await enqueueMails(tx, mailed.map(confirmationMail));

  const results = new Map<string, Subscribed>();
  for (const row of mailed) results.set(row.email, { status: 'pending', mailed: true });
  for (const row of existing.values()) {
    if (row.status !== 'unsubscribed')
      results.set(row.email, { status: row.status, mailed: false });
  }
  // The same address again in the batch: as it stands now, mailed by its first signup only.
  const seen = new Set<string>();
  return emails.map((email) => {
    const result = results.get(email) ?? { status: 'pending', mailed: false };
    const again = seen.has(email);
    seen.add(email);
    return again ? { ...result, mailed: false } : result;
  });
}

function newTokens() {
  return { confirmToken: newToken(), unsubscribeToken: newToken() };
}

function confirmationMail(row: Subscriber): QueuedMail {
  return {
    key: `newsletter-confirm:${row.confirmToken}`,
    to: row.email,
    template: 'newsletter-confirmation',
    data: { confirmToken: row.confirmToken, unsubscribeToken: row.unsubscribeToken },
  };
}
