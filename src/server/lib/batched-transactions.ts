import type { Database, DatabaseTransaction } from '~/db/client';
import { batchWhileBusy, succeeded, type Outcome } from './batch-while-busy';

/**
 * Group commit for a public form's write (issue 20): the posts that arrive while one transaction
 * commits are written together in the next, with one statement per table instead of one per
 * post. A lone post is written at once, in a transaction of its own, exactly as before.
 *
 * `write` gets the items in the order they came and returns one result per item, in the same
 * order. If the batch's transaction fails, nothing of it is kept and each item is written again
 * in a transaction of its own: one item the database refuses fails only its own request, and
 * every other one is stored or refused on its own merits. Each caller's promise resolves only
 * after the transaction holding its item has committed.
 */
export function batchedTransactions<I, O>(
  db: Database,
  write: (tx: DatabaseTransaction, items: I[]) => Promise<O[]>,
  /** Far more than a burst brings while one transaction commits; bounds a statement's size. */
  maxBatch = 100,
): (item: I) => Promise<O> {
  const writeAll = (items: I[]) => db.transaction((tx) => write(tx, items));
  return batchWhileBusy(async (items): Promise<Outcome<O>[]> => {
    try {
      return (await writeAll(items)).map(succeeded);
    } catch (error) {
      if (items.length === 1) return [{ ok: false, error }];
      const outcomes: Outcome<O>[] = [];
      for (const item of items) {
        try {
          outcomes.push(succeeded((await writeAll([item]))[0]!));
        } catch (itemError) {
          outcomes.push({ ok: false, error: itemError });
        }
      }
      return outcomes;
    }
  }, maxBatch);
}
