import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '~/db/client';
import { migrationsDir } from '~/server/lib/paths';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or (with
 * DATABASE_URL) a PostgreSQL database cloned from the run's template and dropped on close.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const adminUrl = process.env.DATABASE_URL;
  const template = inject('pgTemplate');
  if (!adminUrl || !template) {
    const snapshotPath = inject('pgliteSnapshot');
    if (snapshotPath) {
      return openDatabase({ snapshot: new Blob([await readFile(snapshotPath)]) });
    }
    const handle = await openDatabase({});
    await handle.migrate(migrationsDir);
    return handle;
  }
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    ...handle,
    /** For a test that needs a second connection pool on the same database. */
    url: url.toString(),
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // pool.end() resolves before its sockets are closed: a forced drop meanwhile terminates a
      // closing connection, whose FATAL then surfaces as an unhandled error (seen under load).
      // Wait for the server to see them gone; force only what lingers.
      for (let tries = 0; tries < 100; tries += 1) {
        const { rows } = await cleanup.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * What a second app instance on the same database connects with: on PostgreSQL its own pool, as
 * a second server behind a load balancer has; PGlite has one connection, so both share it.
 * Close it (when it is not `primary`) before `primary`.
 */
export async function secondConnection(primary: DatabaseHandle & { url?: string }) {
  return primary.driver === 'postgres'
    ? await openDatabase({ databaseUrl: primary.url!, poolSize: 4 })
    : primary;
}
