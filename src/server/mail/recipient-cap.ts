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
 * Queues these mails in the caller's transaction, each in a free slot of its address's cap for
 * its kind (its template) today, and drops the ones whose address has none left. The slots are
 * the mails' own outbox keys, so the count needs no table of its own: one indexed lookup of the
 * slots, then one insert per mail. A slot another transaction took meanwhile (two requests for
 * one address at once; the worker runs link requests side by side) makes the insert skip, and the
 * mail tries the next slot. Answers, in order, whether each mail was queued.
 */
export async function enqueueCappedMails(
  tx: DatabaseExecutor,
  mails: (QueuedMail & { template: CappedMailKind })[],
  now: Date,
): Promise<boolean[]> {
  if (mails.length === 0) return [];
  const keysOf = mails.map((mail) => slotKeys(mail.template, mail.to, now));
  const taken = new Set(
    (
      await tx
        .select({ key: jobs.idempotencyKey })
        .from(jobs)
        .where(
          inArray(
            jobs.idempotencyKey,
            [...new Set(keysOf.flat())].map((k) => `mail:${k}`),
          ),
        )
    ).map((row) => row.key.slice('mail:'.length)),
  );
  const results: boolean[] = [];
  for (const [i, mail] of mails.entries()) {
    let queued = false;
    for (const key of keysOf[i]!) {
      if (taken.has(key)) continue;
      taken.add(key);
      ({ created: queued } = await enqueueMail(tx, { ...mail, key } as QueuedMail));
      if (queued) break;
    }
    results.push(queued);
  }
  return results;
}
