import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/client';
import { rateLimitHits } from '~/db/schema';
import { createTestDatabase } from '../../../tests/helpers/database';
import { createHitCounter } from './rate-limit-counter';
import { pruneRateLimitHits, readHits } from './rate-limit-store';

let database: DatabaseHandle;
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
    const counter = createHitCounter(database, () => now);
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
    const counter = createHitCounter(database, () => now);
    await counter.count('old', 60_000);
    now = after(50_000);
    await counter.count('new', 60_000);
    expect(await pruneRateLimitHits(db, after(60_001))).toBe(1);
    expect((await db.select().from(rateLimitHits)).map((r) => r.key)).toEqual(['new']);
  });
});
