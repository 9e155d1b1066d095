import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { makePostgresFilesPrivate, makePrivateDir } from './private-files';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either driver: both speak PostgreSQL, so the rest of the code never asks which. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * What `db.transaction(async (tx) => ...)` hands its callback. In drizzle 0.45 PgTransaction
 * extends PgDatabase, so a transaction is already a `Database`; the union says out loud that
 * both are welcome, and keeps compiling if a later drizzle splits the two types.
 */
export type DatabaseTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseExecutor = Database | DatabaseTransaction;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations in `migrationsFolder`. */
  migrate(migrationsFolder: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only (one process owns it): calls `onNotify` for each NOTIFY on `channel`, before the
   * notifying statement's or transaction's promise resolves. Returns how to stop listening.
   */
  listen?(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: a new connection of its own, not from the pool and not yet connected, for
   * a LISTEN that must outlive any one query (a pooled connection goes back to others).
   * `applicationName` is what `pg_stat_activity` shows for it.
   */
  openConnection?(applicationName: string): pg.Client;
}

export interface DatabaseOptions {
  /** PostgreSQL; when absent, the embedded PGlite is used. */
  databaseUrl?: string;
  poolSize?: number;
  /** A directory for PGlite's files, or undefined for an in-memory database (tests). */
  dataDir?: string;
  /**
   * A PGlite started from a dump of another (`dumpDataDir`): skips initdb, which takes seconds.
   * In memory, or with `dataDir` written into that (empty) directory: a restore. The test suite
   * starts every file's database from one migrated snapshot.
   */
  snapshot?: Blob;
  /**
   * With `dataDir`: who is opening it, in words ("the site's server"), for the message another
   * process gets while this one holds it (data-dir-lock.ts).
   */
  purpose?: string;
  /** With `dataDir`: the caller already holds its lock (a restore takes it before emptying it). */
  lockHeld?: boolean;
}

/** Any fixed number: the advisory lock instances take while they migrate. */
const MIGRATION_LOCK = 7_460_011;

/**
 * Instances started together (a deploy, systemd bringing several up) would each apply the same
 * migrations and all but one fail on "already exists". One migrates under a session advisory
 * lock; the others wait for it, then find nothing left to do.
 */
async function migrateOnce(pool: pg.Pool, migrationsFolder: string) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/**
 * The extensions the migrations create, for every PGlite opened (PostgreSQL ships them): pg_trgm
 * for the donor search's indexes (migration 0014).
 */
export const pgliteExtensions = { pg_trgm };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A server that stopped answering fails a connection in 10 s instead of never, and a
      // half-open socket is found by TCP keep-alive: a request waits on neither for good.
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      migrate: (migrationsFolder) => migrateOnce(pool, migrationsFolder),
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
      openConnection: (applicationName) =>
        new pg.Client({
          connectionString: options.databaseUrl,
          application_name: applicationName,
          connectionTimeoutMillis: 10_000,
          keepAlive: true,
          keepAliveInitialDelayMillis: 10_000,
        }),
    };
  }

  let unlock = () => {};
  if (options.dataDir && !options.lockHeld) {
    makePrivateDir(options.dataDir);
    unlock = lockDataDir(options.dataDir, options.purpose ?? 'another program');
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: options.dataDir,
      extensions: pgliteExtensions,
      ...(options.snapshot && { loadDataDir: options.snapshot }),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  if (options.dataDir) {
    try {
      makePostgresFilesPrivate(options.dataDir);
    } catch (error) {
      await client.close().finally(unlock);
      throw error;
    }
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    migrate: (migrationsFolder) => migratePglite(drizzlePglite(client), { migrationsFolder }),
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    ping: async () => {
      if (client.closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
