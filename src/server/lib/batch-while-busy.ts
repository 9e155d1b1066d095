import { AppError } from '../errors';

/**
 * Group commit for the app's own calls (issue 20): while one batch is in flight, new calls wait
 * in a queue; when it ends, everything queued goes as the next batch. Under a burst the batches
 * grow by themselves with the number of callers waiting, so a hundred concurrent form posts cost
 * a few database round trips instead of a hundred.
 *
 * An idle queue starts its batch on the next turn of the event loop (`setImmediate`, no timer):
 * the requests whose bytes have already arrived are read first and join it. Without that turn
 * nothing would ever be batched on the embedded database: PGlite answers through promises alone,
 * with no I/O, so a request's whole write ran before the next request was even read (measured:
 * batches of one, 350 contact posts a second; with the turn, batches of about five, 1,070).
 */

/** How long a batch may run before its calls fail (`batchWhileBusy`'s `deadlineMs`). */
export const BATCH_DEADLINE_MS = 15_000;

/** What one call of a batch came to. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

/**
 * `run` gets the batch's items in the order they came and answers one outcome per item, in the
 * same order; if it throws, every call of the batch fails with that error. At most `maxBatch`
 * items go in one batch. One queue per returned function: make one per app (tests build many).
 */
export function batchWhileBusy<I, O>(
  run: (items: I[]) => Promise<Outcome<O>[]>,
  maxBatch: number,
  /**
   * A batch still running after this long fails its calls, and the queue goes on without it:
   * one stuck statement would otherwise hold every later call (every rate-limited route of an
   * app shares one counter). What the stuck batch does after is ignored.
   */
  deadlineMs = BATCH_DEADLINE_MS,
  /**
   * How many batches may be in flight at once. One is group commit at its plainest; two let
   * the next batch be sent while one is still running, for work whose batches do not wait on
   * each other (different rows).
   */
  lanes = 1,
): (item: I) => Promise<O> {
  const queue: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
  let running = 0;

  async function drain() {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      try {
        const outcomes = await withDeadline(run(batch.map((call) => call.item)), deadlineMs);
        batch.forEach((call, i) => {
          const outcome = outcomes[i];
          if (outcome?.ok) call.resolve(outcome.value);
          else call.reject(outcome ? outcome.error : new Error('the batch gave no outcome'));
        });
      } catch (error) {
        for (const call of batch) call.reject(error);
      }
    }
    running -= 1;
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (running < lanes) {
        running += 1;
        setImmediate(() => void drain());
      }
    });
}

/**
 * `batchWhileBusy` for work that handles a whole batch or fails as a whole (`runMany` answers
 * one result per item, in order): a failed batch is run again item by item, so one item that
 * fails fails only its own call. `runMany` must be safe to run again for an item whose first
 * run may have taken effect.
 */
export function batchRetryingAlone<I, O>(
  runMany: (items: I[]) => Promise<O[]>,
  maxBatch: number,
  lanes = 1,
): (item: I) => Promise<O> {
  return batchWhileBusy(
    async (items): Promise<Outcome<O>[]> => {
      try {
        return (await runMany(items)).map(succeeded);
      } catch (error) {
        if (items.length === 1) return [{ ok: false, error }];
        const outcomes: Outcome<O>[] = [];
        for (const item of items) {
          try {
            outcomes.push(succeeded((await runMany([item]))[0]!));
          } catch (itemError) {
            outcomes.push({ ok: false, error: itemError });
          }
        }
        return outcomes;
      }
    },
    maxBatch,
    BATCH_DEADLINE_MS,
    lanes,
  );
}

/** Rejects with BatchDeadlineError once `ms` have passed without `work` settling. */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BatchDeadlineError(ms)), ms);
    timer.unref();
  });
  // A late failure of the abandoned work is not an unhandled rejection.
  work.catch(() => {});
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export class BatchDeadlineError extends Error {
  constructor(ms: number) {
    super(`the batch did not finish within ${ms} ms`);
    this.name = 'BatchDeadlineError';
  }
}

/**
 * For a write's batches: one past its deadline may still commit after the caller is answered,
 * so the person is not told that nothing was saved (sending again could store the same message
 * twice), only that it could not be confirmed and to wait before sending again.
 */
export function unconfirmedPastDeadline<I, O>(call: (item: I) => Promise<O>) {
  return async (item: I): Promise<O> => {
    try {
      return await call(item);
    } catch (error) {
      if (!(error instanceof BatchDeadlineError)) throw error;
      throw new AppError(
        'unavailable',
        'We could not confirm that this was saved: it may still arrive. Please wait a few minutes before sending it again, or call the office.',
      );
    }
  };
}

export const succeeded = <O>(value: O): Outcome<O> => ({ ok: true, value });
