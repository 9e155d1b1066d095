import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteExtensions } from '../src/db/client';
import { migrationsDir } from '../src/server/lib/paths';

/**
 * With DATABASE_URL set, the suite runs on PostgreSQL: a fresh template database is created and
 * migrated once per run, each test file clones its own from it, and all are dropped at the end.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return snapshotPglite(project);
  const template = `tziyun_test_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await handle.migrate(migrationsDir);
  await handle.close();
  project.provide('pgTemplate', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`${template}%`],
    );
    for (const { datname } of rows)
      await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}

/**
 * On PGlite: one database is created and migrated for the run and dumped to a file; each test
 * file starts its own in-memory database from that dump (about 1 s instead of 10 s for initdb).
 */
async function snapshotPglite(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'tziyun-pglite-'));
  const client = await PGlite.create({ extensions: pgliteExtensions });
  await migrate(drizzle(client), { migrationsFolder: migrationsDir });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const path = join(dir, 'migrated.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', path);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | undefined;
    pgliteSnapshot: string | undefined;
  }
}
