import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/client';
import { rateLimitHits } from '~/db/schema';
import { createTestDatabase, secondConnection } from '~tests/helpers/database';
import { createHitCounter, pruneRateLimitHits, readHits } from './rate-limit-store';

let database: DatabaseHandle & { url?: string };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const t0 = new Date('2026-11-22T12:00:00Z');
const after = (ms: number) => new Date(t0.getTime() + ms);

describe('the shared rate-limit counts', () => {
  it('counts hits in a fixed window and opens a new one after it ends', async () => {
    const { db } = database;
    let now = t0;
    const counter = createHitCounter(database.db, () => now);
    expect(await counter.count('k1', 60_000)).toEqual({ hits: 1, ttlMs: 60_000 });
    now = after(15_000);
    expect(await counter.count('k1', 60_000)).toEqual({ hits: 2, ttlMs: 45_000 });
    expect(await readHits(db, 'k1', after(20_000))).toEqual({ hits: 2, ttlMs: 40_000 });
    // Another key counts on its own.
    now = after(20_000);
    expect((await counter.count('k2', 60_000)).hits).toBe(1);
    // At the window's end the count starts over, with a full window.
    now = after(60_000);
    expect(await counter.count('k1', 60_000)).toEqual({ hits: 1, ttlMs: 60_000 });
    expect(await readHits(db, 'k1', after(120_000))).toEqual({ hits: 0, ttlMs: 0 });
  });

  it('deletes ended windows only', async () => {
    const { db } = database;
    await db.delete(rateLimitHits);
    let now = t0;
    const counter = createHitCounter(database.db, () => now);
    await counter.count('old', 60_000);
    now = after(50_000);
    await counter.count('new', 60_000);
    expect(await pruneRateLimitHits(db, after(60_001))).toBe(1);
    expect((await db.select().from(rateLimitHits)).map((r) => r.key)).toEqual(['new']);
  });
});

describe('the hit counter', () => {
  const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it('counts 50 concurrent hits of one key as 1 to 50', async () => {
    const counter = createHitCounter(database.db, () => t0);
    const counts = await Promise.all(oneTo(50).map(() => counter.count('burst', 60_000)));
    expect(counts.map((count) => count.hits).sort((x, y) => x - y)).toEqual(oneTo(50));
    expect(counts.every((count) => count.ttlMs === 60_000)).toBe(true);
  });

  it('shares counts with another instance’s counter on the same database', async () => {
    const second = await secondConnection(database);
    try {
      const a = createHitCounter(database.db, () => t0);
      const b = createHitCounter(second.db, () => t0);
      const counts = await Promise.all(
        oneTo(40).map((n) => (n % 2 === 0 ? a : b).count('shared', 60_000)),
      );
      expect(counts.map((count) => count.hits).sort((x, y) => x - y)).toEqual(oneTo(40));
    } finally {
      if (second !== database) await second.close();
    }
  });
});
