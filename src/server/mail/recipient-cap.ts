import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { jobs } from '~/db/schema';
import type { DatabaseExecutor } from '~/db/client';
import { enqueueMails, type QueuedMail } from './mail-job';

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
 * the mails' own outbox keys, so the count needs no table of its own and costs one indexed
 * lookup; two requests racing for the last slot write one mail. Answers, in order, whether each
 * mail was queued.
 */
export async function enqueueCappedMails(
  tx: DatabaseExecutor,
  mails: (QueuedMail & { template: CappedMailKind })[],
  now: Date,
): Promise<boolean[]> {
  if (mails.length === 0) return [];
  const keysOf = mails.map((mail) => slotKeys(mail.template, mail.to, now));
  const candidates = [...new Set(keysOf.flat().map((key) => `mail:${key}`))];
  const taken = new Set(
    (
      await tx
        .select({ key: jobs.idempotencyKey })
        .from(jobs)
        .where(inArray(jobs.idempotencyKey, candidates))
    ).map((row) => row.key),
  );
  const queued: QueuedMail[] = [];
  const results = mails.map((mail, i) => {
    const free = keysOf[i]!.find((key) => !taken.has(`mail:${key}`));
    if (free === undefined) return false;
    taken.add(`mail:${free}`);
    queued.push({ ...mail, key: free });
    return true;
  });
  await enqueueMails(tx, queued);
  return results;
}
