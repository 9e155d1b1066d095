import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '~/db/client';
import { contentVersions } from '~/db/schema';
import { createTestDatabase } from '../../../tests/helpers/database';
import { readVersion } from './content-version';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const bump = () =>
  database.db
    .update(contentVersions)
    .set({ version: sql`${contentVersions.version} + 1` })
    .where(eq(contentVersions.name, 'public'));

describe('the content version read from the database (PostgreSQL’s way, ADR 029)', () => {
  it('sees a change committed before it was asked, even while an earlier read is in flight', async () => {
    const version = readVersion(database);
    const before = await version.current();
    const inFlight = version.current();
    await new Promise(setImmediate);
    // Committed after the first read started and before the second was asked.
    await bump();
    const after = version.current();
    expect(await inFlight).toBeGreaterThanOrEqual(before);
    expect(await after).toBe(before + 1);
  });

  it('gives requests that ask together one version', async () => {
    const version = readVersion(database);
    const asked = await Promise.all(Array.from({ length: 20 }, () => version.current()));
    expect(new Set(asked).size).toBe(1);
  });
});
