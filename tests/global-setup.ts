import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteExtensions } from '~/db/client';
import { migrationsDir } from '~/server/lib/paths';

/** What the run's database setup made, and how to remove it. */
interface Prepared {
  provided: { pgTemplate?: string; pgliteSnapshot?: string };
  remove: () => Promise<void>;
}

/**
 * Vitest runs a global setup once for each project (vite.config.ts has two) and once more for
 * the root: the database is prepared on the first call, in this process, and each call
 * provides it; the last teardown removes it.
 */
const run = globalThis as { tziyunTestDatabase?: { prepared: Promise<Prepared>; users: number } };

export default async function setup(project: TestProject) {
  run.tziyunTestDatabase ??= { prepared: prepare(), users: 0 };
  const shared = run.tziyunTestDatabase;
  shared.users += 1;
  const { provided, remove } = await shared.prepared;
  if (provided.pgTemplate) project.provide('pgTemplate', provided.pgTemplate);
  if (provided.pgliteSnapshot) project.provide('pgliteSnapshot', provided.pgliteSnapshot);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete run.tziyunTestDatabase;
    await remove();
  };
}

/**
 * With DATABASE_URL set, the suite runs on PostgreSQL: a fresh template database is created and
 * migrated once per run, each test file clones its own from it, and all are dropped at the end.
 */
async function prepare(): Promise<Prepared> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return snapshotPglite();
  const template = `tziyun_test_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await handle.migrate(migrationsDir);
  await handle.close();

  return {
    provided: { pgTemplate: template },
    remove: async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${template}%`],
      );
      for (const { datname } of rows)
        await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    },
  };
}

/**
 * On PGlite: one database is created and migrated for the run and dumped to a file; each test
 * file starts its own in-memory database from that dump (about 1 s instead of 10 s for initdb).
 */
async function snapshotPglite(): Promise<Prepared> {
  const dir = mkdtempSync(join(tmpdir(), 'tziyun-pglite-'));
  const client = await PGlite.create({ extensions: pgliteExtensions });
  await migrate(drizzle(client), { migrationsFolder: migrationsDir });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const path = join(dir, 'migrated.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  return {
    provided: { pgliteSnapshot: path },
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | undefined;
    pgliteSnapshot: string | undefined;
  }
}
