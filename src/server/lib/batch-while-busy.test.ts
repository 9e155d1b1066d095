import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import {
  BatchDeadlineError,
  batchRetryingAlone,
  batchWhileBusy,
  succeeded,
  unconfirmedPastDeadline,
} from './batch-while-busy';

const nextTurn = () => new Promise(setImmediate);

/** A run that records its batches and answers each item doubled. */
function recording() {
  const batches: number[][] = [];
  const run = async (items: number[]) => {
    batches.push(items);
    await nextTurn();
    return items.map((n) => succeeded(n * 2));
  };
  return { batches, run };
}

describe('batchWhileBusy', () => {
  it('starts an idle queue on the next turn, with every call made before it', async () => {
    const { batches, run } = recording();
    const call = batchWhileBusy(run, 100);
    const answers = Promise.all([1, 2, 3].map(call));
    expect(batches).toEqual([]);
    expect(await answers).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gathers the calls made while a batch runs into the next, at most maxBatch each', async () => {
    const { batches, run } = recording();
    const call = batchWhileBusy(run, 2);
    const first = call(1);
    await nextTurn();
    const rest = [2, 3, 4].map(call);
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1], [2, 3], [4]]);
  });

  it('with two lanes, sends the next batch while one runs, and never more than two at once', async () => {
    const started: number[][] = [];
    let inFlight = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const call = batchWhileBusy(
      async (items: number[]) => {
        started.push(items);
        most = Math.max(most, (inFlight += 1));
        await new Promise<void>((done) => release.push(done));
        inFlight -= 1;
        return items.map((n) => succeeded(n));
      },
      100,
      15_000,
      2,
    );
    const first = call(1);
    await nextTurn();
    const second = call(2);
    await nextTurn();
    // Both lanes busy: these wait for one to finish, then go together.
    const rest = [call(3), call(4)];
    await nextTurn();
    expect(started).toEqual([[1], [2]]);
    release.shift()!();
    expect(await first).toBe(1);
    await nextTurn();
    expect(started).toEqual([[1], [2], [3, 4]]);
    while (release.length > 0) release.shift()!();
    expect(await Promise.all([second, ...rest])).toEqual([2, 3, 4]);
    expect(most).toBe(2);
  });

  it('fails only the calls whose outcome failed; a run that throws fails its whole batch', async () => {
    const call = batchWhileBusy(async (items: number[]) => {
      if (items.includes(0)) throw new Error('the batch failed');
      return items.map((n) =>
        n < 0 ? { ok: false as const, error: new Error('no') } : succeeded(n),
      );
    }, 100);
    const mixed = await Promise.allSettled([call(1), call(-1)]);
    expect(mixed.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    const thrown = await Promise.allSettled([call(0), call(2)]);
    expect(thrown.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(await call(3)).toBe(3);
  });

  it('fails a batch that outlives its deadline, and goes on with the queue', async () => {
    let calls = 0;
    const call = batchWhileBusy(
      (items: number[]) => {
        calls += 1;
        // The first batch never ends (a stuck statement); the next ones answer.
        return calls === 1 ? new Promise(() => {}) : Promise.resolve(items.map(succeeded));
      },
      100,
      30,
    );
    const stuck = call(1);
    await nextTurn();
    const queued = call(2);
    await expect(stuck).rejects.toBeInstanceOf(BatchDeadlineError);
    expect(await queued).toBe(2);
  });
});

describe('batchRetryingAlone', () => {
  it('runs a failed batch again item by item: one bad item fails alone', async () => {
    const runs: number[][] = [];
    const call = batchRetryingAlone(async (items: number[]) => {
      runs.push(items);
      if (items.includes(13)) throw new Error('refused');
      return items;
    }, 100);
    const outcomes = await Promise.allSettled([1, 13, 2].map(call));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(runs).toEqual([[1, 13, 2], [1], [13], [2]]);
  });
});

describe('unconfirmedPastDeadline', () => {
  it('tells a write past its deadline as unconfirmed, not as lost: it may still commit', async () => {
    const call = unconfirmedPastDeadline(async (_item: number) => {
      throw new BatchDeadlineError(15_000);
    });
    const refusal = await call(1).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'unavailable', statusCode: 503 });
    expect((refusal as AppError).message).toMatch(/could not confirm that this was saved/);
    expect((refusal as AppError).message).toMatch(/wait a few minutes before sending it again/);
    expect((refusal as AppError).message).not.toMatch(/nothing was sent/i);
  });

  it('leaves every other failure and every answer as they are', async () => {
    const refused = new Error('refused');
    const call = unconfirmedPastDeadline(async (item: number) => {
      if (item === 13) throw refused;
      return item * 2;
    });
    expect(await call(2)).toBe(4);
    await expect(call(13)).rejects.toBe(refused);
  });

  it('answers a real batch past its deadline as unconfirmed', async () => {
    const call = unconfirmedPastDeadline(batchWhileBusy(() => new Promise(() => {}), 100, 30));
    await expect(call(1)).rejects.toMatchObject({ code: 'unavailable' });
  });
});
