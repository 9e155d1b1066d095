import type { Database, DatabaseTransaction } from '~/db/client';
import { batchRetryingAlone, unconfirmedPastDeadline } from './batch-while-busy';

/**
 * Group commit for a public form's write (issue 20): the posts that arrive while one transaction
 * commits are written together in the next, with one statement per table instead of one per
 * post. A lone post is written on the next turn of the event loop, in a transaction of its own.
 *
 * `write` gets the items in the order they came and returns one result per item, in the same
 * order. If the batch's transaction fails, each item is written again in a transaction of its
 * own: one item the database refuses fails only its own request, and every other one is stored
 * or refused on its own merits. Each caller's promise resolves only after the transaction
 * holding its item has committed.
 *
 * `write` must be idempotent: writing an item again adds nothing when it is already stored
 * (ids made by the caller once, inserts that skip a row already there, mails and events keyed
 * by those ids). A connection lost during COMMIT leaves it unknown whether the batch landed;
 * the retry then finds each item stored and answers it, instead of writing it twice. A batch past
 * its deadline answers that the write could not be confirmed (it may still commit).
 */
export function batchedTransactions<I, O>(
  db: Database,
  write: (tx: DatabaseTransaction, items: I[]) => Promise<O[]>,
  /** Far more than a burst brings while one transaction commits; bounds a statement's size. */
  maxBatch = 100,
): (item: I) => Promise<O> {
  return unconfirmedPastDeadline(
    batchRetryingAlone((items: I[]) => db.transaction((tx) => write(tx, items)), maxBatch),
  );
}
