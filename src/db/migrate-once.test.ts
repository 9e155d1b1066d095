import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '~tests/helpers/database';
import { migrationsDir } from '~/server/lib/paths';
import { openDatabase, type DatabaseHandle } from './client';

/**
 * Several instances start together on one new database (a deploy, systemd starting two units):
 * each migrates at start. On PostgreSQL (npm run test:pg) three pools race on an empty database;
 * on PGlite, which one process owns, migrating a migrated database again changes nothing.
 */
async function emptyDatabases(count: number) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { handles: [await createTestDatabase()], drop: async () => undefined };
  const name = `tziyun_migrate_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handles: DatabaseHandle[] = [];
  for (let n = 0; n < count; n += 1) {
    handles.push(await openDatabase({ databaseUrl: url.toString(), poolSize: 2 }));
  }
  return {
    handles,
    drop: async () => {
      // Closed pools' sockets linger a moment: wait for them rather than force them (a forced
      // drop makes their FATAL an unhandled error).
      for (let tries = 0; ; tries += 1) {
        try {
          await admin.query(`drop database if exists ${name}`);
          break;
        } catch (error) {
          if (tries > 100) throw error;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      await admin.end();
    },
  };
}

describe('migrations at start', () => {
  it('are applied once when several instances migrate one database at the same time', async () => {
    const { handles, drop } = await emptyDatabases(3);
    try {
      if (handles.length > 1) {
        const outcomes = await Promise.allSettled(handles.map((h) => h.migrate(migrationsDir)));
        expect(outcomes.map((o) => o.status)).toEqual(handles.map(() => 'fulfilled'));
      } else {
        await handles[0]!.migrate(migrationsDir);
        await handles[0]!.migrate(migrationsDir);
      }
      const applied = (await handles[0]!.db.execute(
        sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number; distinct: number }[] };
      const row = applied.rows[0]!;
      expect(row.n).toBeGreaterThan(10);
      expect(row.n).toBe(row.distinct);
    } finally {
      for (const handle of handles) await handle.close();
      await drop();
    }
  });
});
