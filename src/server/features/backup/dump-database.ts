import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '~/db/client';
import { DataDirInUseError } from '~/db/data-dir-lock';
import { privateFileMode } from '~/db/private-files';
import type { Env } from '~/server/env';
import { resolveDataDir } from '~/server/lib/paths';
import type { StoredMediaRef } from '~/server/services/media';
import { BackupError, databaseFileNames, type Manifest } from './archive-format';
import { requestDump } from './backup-socket';
import { mediaNamedBy } from './media-named-by';
import { pgToolMajor, runPgTool } from './pg-tools';
import { packPgliteFiles, readPgliteFiles } from './pglite-files';

export interface DatabaseDump {
  /** The dump, written in the backup's work folder. */
  path: string;
  database: Manifest['database'];
  /** The media files the dumped rows name. */
  media: StoredMediaRef[];
  /** How it was taken, for the operator. */
  how: string;
}

/**
 * Dumps the database the settings name, with the media names read from the same state:
 * PostgreSQL through pg_dump in an exported snapshot, the embedded database through PGlite's
 * own dump, taken by the running server when it holds the data directory.
 */
export async function dumpDatabase(env: Env, workDir: string): Promise<DatabaseDump> {
  return env.DATABASE_URL
    ? dumpPostgres(env.DATABASE_URL, workDir)
    : dumpPglite(resolveDataDir(env.DATA_DIR), workDir);
}

async function dumpPglite(dataDir: string, workDir: string): Promise<DatabaseDump> {
  const database = { kind: 'pglite' as const, file: databaseFileNames.pglite };
  const path = join(workDir, database.file);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${dataDir} to back up. Check DATA_DIR (or DATABASE_URL, for PostgreSQL).`,
    );
  }
  let handle;
  try {
    handle = await openDatabase({ dataDir, purpose: 'a backup' });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    return dumpThroughServer(dataDir, path, error);
  }
  try {
    const { dump, media } = await copyPgliteDatabase(handle, dataDir);
    await writeFile(path, dump, { mode: privateFileMode });
    return { path, database, media, how: `the embedded database in ${dataDir}` };
  } finally {
    await handle.close();
  }
}

async function dumpThroughServer(dataDir: string, path: string, inUse: DataDirInUseError) {
  let copy: Awaited<ReturnType<typeof requestDump>>;
  try {
    copy = await requestDump(dataDir);
  } catch (error) {
    const what = inUse.holder.purpose.includes('server')
      ? 'Check that the server is this version of the site; or stop it and back up then'
      : 'Wait for it to finish, then run the backup again';
    throw new BackupError(
      `${inUse.message} It did not hand over a copy of the database (${(error as Error).message}). ${what}. (If that process is no longer running, delete ${inUse.lockFile}.)`,
    );
  }
  await writeFile(path, copy.dump, { mode: privateFileMode });
  return {
    path,
    database: { kind: 'pglite' as const, file: databaseFileNames.pglite },
    media: copy.media,
    how: `the embedded database in ${dataDir}, handed over by ${inUse.holder.purpose} (process ${inUse.holder.pid})`,
  };
}

/**
 * What the process that has the embedded database open hands over: a checkpoint, then its files
 * and the media names, read inside one transaction. PGlite runs every other query after a
 * transaction (they wait for its lock), so names and files are of the same instant.
 */
export async function copyPgliteDatabase(handle: DatabaseHandle, dataDir: string) {
  await handle.db.execute(sql`checkpoint`);
  const { media, files } = await handle.db.transaction(async (tx) => ({
    media: await mediaNamedBy(tx),
    files: readPgliteFiles(dataDir),
  }));
  return { media, dump: await packPgliteFiles(files) };
}

async function dumpPostgres(databaseUrl: string, workDir: string): Promise<DatabaseDump> {
  const pgDumpMajor = await pgToolMajor('pg_dump');
  const path = join(workDir, databaseFileNames.postgres);
  const handle = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const versions = await handle.db.execute<{ num: string; version: string }>(
      sql`select current_setting('server_version_num') as num, current_setting('server_version') as version`,
    );
    const server = (versions as unknown as { rows: { num: string; version: string }[] }).rows[0]!;
    const serverMajor = Math.floor(Number(server.num) / 10000);
    if (pgDumpMajor < serverMajor) {
      throw new BackupError(
        `pg_dump is version ${pgDumpMajor} but the PostgreSQL server is version ${serverMajor}: pg_dump must be at least the server's version. Install the PostgreSQL ${serverMajor} client programs (Debian: postgresql-client-${serverMajor}) and put them first on PATH.`,
      );
    }
    // One snapshot for the media names and pg_dump: exported by this transaction, which stays
    // open until pg_dump has finished.
    const media = await handle.db.transaction(
      async (tx) => {
        const exported = await tx.execute<{ snapshot: string }>(
          sql`select pg_export_snapshot() as snapshot`,
        );
        const { snapshot } = (exported as unknown as { rows: { snapshot: string }[] }).rows[0]!;
        const names = await mediaNamedBy(tx);
        await runPgTool(
          'pg_dump',
          ['--format=custom', `--snapshot=${snapshot}`, `--file=${path}`],
          databaseUrl,
        );
        return names;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    return {
      path,
      database: {
        kind: 'postgres',
        file: databaseFileNames.postgres,
        pgDumpMajor,
        serverVersion: server.version,
      },
      media,
      how: `the PostgreSQL database ${new URL(databaseUrl).pathname.slice(1)} (server ${server.version}, pg_dump ${pgDumpMajor})`,
    };
  } finally {
    await handle.close();
  }
}
