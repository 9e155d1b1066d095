import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/client';
import { rateLimitHits } from '~/db/schema';
import { createTestDatabase } from '../../../tests/helpers/database';
import { countHit, pruneRateLimitHits, readHits } from './rate-limit-store';

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
    expect(await countHit(db, 'k1', 60_000, t0)).toEqual({ hits: 1, ttlMs: 60_000 });
    expect(await countHit(db, 'k1', 60_000, after(15_000))).toEqual({ hits: 2, ttlMs: 45_000 });
    expect(await readHits(db, 'k1', after(20_000))).toEqual({ hits: 2, ttlMs: 40_000 });
    // Another key counts on its own.
    expect((await countHit(db, 'k2', 60_000, after(20_000))).hits).toBe(1);
    // At the window's end the count starts over, with a full window.
    expect(await countHit(db, 'k1', 60_000, after(60_000))).toEqual({ hits: 1, ttlMs: 60_000 });
    expect(await readHits(db, 'k1', after(120_000))).toEqual({ hits: 0, ttlMs: 0 });
  });

  it('deletes ended windows only', async () => {
    const { db } = database;
    await db.delete(rateLimitHits);
    await countHit(db, 'old', 60_000, t0);
    await countHit(db, 'new', 60_000, after(50_000));
    expect(await pruneRateLimitHits(db, after(60_001))).toBe(1);
    expect((await db.select().from(rateLimitHits)).map((r) => r.key)).toEqual(['new']);
  });
});
