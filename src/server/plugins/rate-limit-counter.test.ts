import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/client';
import type { StatementRunner } from '~/db/prepared-statement';
import { rateLimitHits } from '~/db/schema';
import { createTestDatabase, secondConnection } from '../../../tests/helpers/database';
import { createHitCounter, type HitCounter } from './rate-limit-counter';

let database: DatabaseHandle & { url?: string };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const t0 = new Date('2026-11-22T12:00:00Z');
const after = (ms: number) => new Date(t0.getTime() + ms);
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** The database, counting the counter's statements; the `failing`-th one fails. */
function watched(runner: StatementRunner, failing = 0) {
  const calls = { statements: 0 };
  const db: StatementRunner = {
    async runPrepared(...args) {
      calls.statements += 1;
      if (calls.statements === failing) throw new Error('the database went away');
      return runner.runPrepared(...args);
    },
  };
  return { db, calls };
}

/** One turn of the event loop: an idle counter's first statement is then under way. */
const nextTurn = () => new Promise(setImmediate);

const countMany = (counter: HitCounter, n: number, key: string) =>
  Promise.all(Array.from({ length: n }, () => counter.count(key, 60_000)));

async function storedHits(key: string) {
  const [row] = await database.db
    .select({ hits: rateLimitHits.hits, resetsAt: rateLimitHits.resetsAt })
    .from(rateLimitHits)
    .where(eq(rateLimitHits.key, key));
  return row;
}

describe('the hit counter', () => {
  it('counts 50 concurrent hits of one key as 1 to 50, in two statements', async () => {
    const { db, calls } = watched(database);
    const counter = createHitCounter(db, () => t0);
    const first = counter.count('burst', 60_000);
    // Idle, it sends on the next turn of the event loop: no timer.
    expect(calls.statements).toBe(0);
    await nextTurn();
    expect(calls.statements).toBe(1);
    const rest = countMany(counter, 49, 'burst');
    const counts = [await first, ...(await rest)];
    expect(counts.map((count) => count.hits)).toEqual(oneTo(50));
    expect(counts.every((count) => count.ttlMs === 60_000)).toBe(true);
    // The first alone, the 49 that came while it ran together.
    expect(calls.statements).toBe(2);
    expect(await storedHits('burst')).toEqual({ hits: 50, resetsAt: after(60_000) });
  });

  it('counts keys with different windows in one statement, each in its own window', async () => {
    await createHitCounter(database, () => t0).count('mixed-a', 60_000);
    const { db, calls } = watched(database);
    const counter = createHitCounter(db, () => after(15_000));
    const inFlight = counter.count('mixed-other', 60_000);
    await nextTurn();
    const batch = Promise.all([
      counter.count('mixed-a', 60_000),
      counter.count('mixed-b', 10_000),
      counter.count('mixed-a', 60_000),
      counter.count('mixed-b', 10_000),
      counter.count('mixed-c', 3_600_000),
    ]);
    await inFlight;
    expect(await batch).toEqual([
      { hits: 2, ttlMs: 45_000 },
      { hits: 1, ttlMs: 10_000 },
      { hits: 3, ttlMs: 45_000 },
      { hits: 2, ttlMs: 10_000 },
      { hits: 1, ttlMs: 3_600_000 },
    ]);
    expect(calls.statements).toBe(2);
    expect((await storedHits('mixed-b'))!.hits).toBe(2);
  });

  it('starts an ended window over at the batch’s hits', async () => {
    let now = t0;
    const counter = createHitCounter(database, () => now);
    await countMany(counter, 3, 'ended');
    now = after(60_000);
    const inFlight = counter.count('ended-other', 60_000);
    await nextTurn();
    const restarted = countMany(counter, 2, 'ended');
    await inFlight;
    expect(await restarted).toEqual([
      { hits: 1, ttlMs: 60_000 },
      { hits: 2, ttlMs: 60_000 },
    ]);
    expect(await storedHits('ended')).toEqual({ hits: 2, resetsAt: after(120_000) });
  });

  it('rejects every waiter of a failed statement, and the next one still counts', async () => {
    const { db } = watched(database, 2);
    const counter = createHitCounter(db, () => t0);
    const first = counter.count('failing', 60_000);
    await nextTurn();
    const failed = [counter.count('failing', 60_000), counter.count('failing-other', 60_000)].map(
      (count) =>
        count.then(
          () => 'counted',
          (error: Error) => error.message,
        ),
    );
    expect(await first).toEqual({ hits: 1, ttlMs: 60_000 });
    expect(await Promise.all(failed)).toEqual(['the database went away', 'the database went away']);
    // The failed hits were not counted.
    expect(await counter.count('failing', 60_000)).toEqual({ hits: 2, ttlMs: 60_000 });
  });

  it('shares counts with another instance’s counter on the same database', async () => {
    const second = await secondConnection(database);
    try {
      const a = createHitCounter(database, () => t0);
      const b = createHitCounter(second, () => t0);
      const counts = await Promise.all(
        oneTo(40).map((n) => (n % 2 === 0 ? a : b).count('shared', 60_000)),
      );
      expect(counts.map((count) => count.hits).sort((x, y) => x - y)).toEqual(oneTo(40));
    } finally {
      if (second !== database) await second.close();
    }
  });

  it('sends at most 1,000 hits in one statement', async () => {
    const { db, calls } = watched(database);
    const counter = createHitCounter(db, () => t0);
    const counts = await Promise.all(oneTo(1_002).map((n) => counter.count(`many-${n}`, 60_000)));
    expect(counts.every((count) => count.hits === 1)).toBe(true);
    // All came in one turn: 1,000, then the last two.
    expect(calls.statements).toBe(2);
  });
});
