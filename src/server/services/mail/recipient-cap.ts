import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { jobs } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { enqueueMail, type QueuedMail } from './mail-job';

/**
 * How many mails of each kind a visitor can make the site send to one address a day (UTC): the
 * mails a stranger can trigger by typing someone's address. Beyond it they are dropped without a
 * word, and the visitor's answer does not change, so the form cannot be used to flood an inbox.
 */
export const recipientCaps = {
  'membership-confirmation': 3,
  'giving-link': 5,
  'prayer-names-link': 5,
} as const;

export type CappedMailKind = keyof typeof recipientCaps;

/** The outbox keys of an address's mails of one kind today: one per slot of the cap. */
function slotKeys(kind: CappedMailKind, address: string, now: Date) {
  // The address as a hash: an outbox key is listed where its payload is not (the admin's jobs).
  const who = createHash('sha256').update(address.toLowerCase()).digest('hex').slice(0, 32);
  const day = now.toISOString().slice(0, 10);
  return Array.from(
    { length: recipientCaps[kind] },
    (_, slot) => `cap:${kind}:${who}:${day}:${slot}`,
  );
}

/**
 * Queues this mail in the caller's transaction, in a free slot of its address's cap for its kind
 * (its template) today, and drops it when the address has none left. The slots are the mail's own
 * outbox keys, so the count needs no table of its own: one indexed lookup of the slots, then one
 * insert. A slot another transaction took meanwhile (two requests for one address at once; the
 * worker runs link requests side by side) makes the insert skip, and the mail tries the next slot.
 * Answers whether the mail was queued.
 */
export async function enqueueCappedMail(
  tx: DatabaseExecutor,
  mail: QueuedMail & { template: CappedMailKind },
  now: Date,
): Promise<boolean> {
  const keys = slotKeys(mail.template, mail.to, now);
  const taken = new Set(
    (
      await tx
        .select({ key: jobs.idempotencyKey })
        .from(jobs)
        .where(
          inArray(
            jobs.idempotencyKey,
            keys.map((k) => `mail:${k}`),
          ),
        )
    ).map((row) => row.key.slice('mail:'.length)),
  );
  for (const key of keys) {
    if (taken.has(key)) continue;
    const { created } = await enqueueMail(tx, { ...mail, key } as QueuedMail);
    if (created) return true;
  }
  return false;
}
