import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, rm, type FileHandle } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { openDatabase } from '~/db/client';
import { DataDirInUseError, dataDirLockName, lockDataDir } from '~/db/data-dir-lock';
import { isPostgresFile, makePrivateDir, privateDirMode } from '~/db/private-files';
import type { Env } from '~/server/env';
import { resolveDataDir } from '~/server/lib/paths';
import {
  BackupError,
  checksumsName,
  manifestName,
  manifestSchema,
  mediaEntryName,
  type DatabaseKind,
  type Manifest,
} from './archive-format';
import { openMediaFiles, type MediaFiles } from './media-files';
import { pgToolMajor, runPgTool } from './pg-tools';
import { unpackPgliteSnapshot } from './pglite-files';
import { CorruptArchiveError, readTar, type TarEntry } from './tar';

export interface RestoreSummary {
  manifest: Manifest;
  target: string;
  /** Where the media went: the folder or the bucket. */
  place: string;
}

const kindNames: Record<DatabaseKind, string> = {
  pglite: 'the embedded database (PGlite, DATA_DIR)',
  postgres: 'PostgreSQL (DATABASE_URL)',
};

/**
 * Brings a fresh DATA_DIR or an empty PostgreSQL database back to an archive's state
 * (docs/decisions/026-backup-and-restore.md). Refuses before changing anything: an archive that
 * is not one, damaged or for the other database; a target that is not empty (unless `force`);
 * an embedded database some program has open. Then the media, then the database: a failure
 * between the two leaves files no row names, never a row without its file.
 */
export async function restoreBackup(
  env: Env,
  { file, force = false }: { file: string; force?: boolean },
): Promise<RestoreSummary> {
  const path = resolve(file);
  const archive = await openArchive(path);
  try {
    const targetKind: DatabaseKind = env.DATABASE_URL ? 'postgres' : 'pglite';
    const { manifest, entries } = await readArchive(archive, path, ({ database }) => {
      if (database.kind === targetKind) return;
      throw new BackupError(
        `${path} holds ${kindNames[database.kind]}, but these settings name ${kindNames[targetKind]}. Restore it with the settings of the same kind of database (${database.kind === 'postgres' ? 'set DATABASE_URL' : 'unset DATABASE_URL and set DATA_DIR'}). Nothing was changed.`,
      );
    });
    const database = entries.get(manifest.database.file)!;
    // Before anything is changed: a crafted snapshot would otherwise be written into DATA_DIR.
    const snapshot = targetKind === 'pglite' ? await checkedSnapshot(database, path) : undefined;
    const media = openMediaFiles(env, 'Nothing was changed.');
    try {
      const restoreFiles = () => restoreMedia(manifest, entries, media);
      if (env.DATABASE_URL) {
        const target = `the PostgreSQL database ${new URL(env.DATABASE_URL).pathname.slice(1)}`;
        await restorePostgres(
          env.DATABASE_URL,
          manifest,
          database,
          { force, target, media },
          restoreFiles,
        );
        return { manifest, target, place: media.place };
      }
      const dataDir = resolveDataDir(env.DATA_DIR);
      await restorePglite(dataDir, snapshot!, { force, media, manifest, path }, restoreFiles);
      return { manifest, target: dataDir, place: media.place };
    } finally {
      media.close();
    }
  } finally {
    await archive.close();
  }
}

async function openArchive(path: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`There is no file ${path}.`);
    if (code === 'EACCES' || code === 'EPERM') {
      throw new BackupError(`${path} cannot be read: this user has no permission to read it.`);
    }
    throw new BackupError(`${path} cannot be read (${(error as Error).message}).`);
  }
  if (!(await handle.stat()).isFile()) {
    await handle.close();
    throw new BackupError(`${path} is a folder, not a backup file.`);
  }
  return handle;
}

/** A tar, as PGlite's `loadDataDir` takes it (checked, so already unpacked). */
const tarBlob = (bytes: Uint8Array) =>
  new Blob([new Uint8Array(bytes)], { type: 'application/x-tar' });

const notABackup = (path: string, detail: string) =>
  new BackupError(
    `${path} is not a Tziyun backup, or it is damaged (${detail}). Nothing was changed.`,
  );

/** The embedded database's snapshot, unpacked, once it is one PGlite can safely be given. */
async function checkedSnapshot(database: TarEntry, path: string) {
  const unpacked = await unpackPgliteSnapshot(await readAll(database));
  if ('problem' in unpacked) {
    throw notABackup(
      path,
      `its database is not a copy of an embedded database: ${unpacked.problem}`,
    );
  }
  return unpacked.tar;
}

async function readAll(entry: TarEntry) {
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body()) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Reads the whole archive once before anything is changed: the manifest, and every file against
 * its checksum, so a damaged or cut archive is refused rather than half restored.
 */
async function readArchive(
  archive: FileHandle,
  path: string,
  checkManifest: (manifest: Manifest) => void,
) {
  const entries = new Map<string, TarEntry>();
  const sums: string[] = [];
  let manifest: Manifest | undefined;
  let listed: string | undefined;
  try {
    for await (const entry of readTar(archive)) {
      if (!manifest) {
        if (entry.name !== manifestName || entry.size > 64 * 1024 * 1024) {
          throw notABackup(path, `it does not start with ${manifestName}`);
        }
        manifest = parseManifest(await readAll(entry), path);
        checkManifest(manifest);
      }
      if (entry.name === checksumsName) {
        listed = (await readAll(entry)).toString('utf8');
        break;
      }
      const hash = createHash('sha256');
      for await (const chunk of entry.body()) hash.update(chunk);
      sums.push(`${hash.digest('hex')}  ${entry.name}\n`);
      entries.set(entry.name, entry);
    }
  } catch (error) {
    if (error instanceof CorruptArchiveError) throw notABackup(path, error.message);
    throw error;
  }
  if (!manifest) throw notABackup(path, 'it is empty');
  if (listed === undefined) throw notABackup(path, 'it ends before its checksums');
  if (listed !== sums.join('')) throw notABackup(path, 'a file in it does not match its checksum');
  const expected = [manifest.database.file, ...manifest.media.map((m) => mediaEntryName(m.name))];
  const absent = expected.filter((name) => !entries.has(name));
  if (absent.length > 0) throw notABackup(path, `${absent.join(', ')} missing`);
  return { manifest, entries };
}

function parseManifest(bytes: Buffer, path: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw notABackup(path, `${manifestName} is not readable`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const version = (json as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > 1) {
    throw new BackupError(
      `${path} was made by a newer version of the site (backup format ${version}): restore it with that version. Nothing was changed.`,
    );
  }
  throw notABackup(path, `${manifestName} is not as expected`);
}

const notEmpty = (what: string, fresh: string) =>
  new BackupError(
    `${what}. A restore replaces everything there: restore into ${fresh}, or run again with --force to replace it. Nothing was changed.`,
  );

async function storedMediaProblem(media: MediaFiles) {
  const stored = await media.list();
  const files = `${stored.length} media file${stored.length === 1 ? '' : 's'}`;
  return stored.length > 0 ? `${media.place} already holds ${files}` : null;
}

/** What a failure of the store leaves once the restore has begun to change the target. */
const stoppedPartWay =
  'The restore stopped part way: run it again with --force once the media storage answers.';

/**
 * Every stored file goes, through the store (the folder's files or the bucket's objects). First
 * of what --force removes: a store that does not answer stops the restore before any change.
 */
async function emptyMedia(media: MediaFiles) {
  const names = await media.list();
  media.outcome = stoppedPartWay;
  await media.remove(names);
}

/** Each file as it is, under its own name, in the store the settings name. */
async function restoreMedia(manifest: Manifest, entries: Map<string, TarEntry>, media: MediaFiles) {
  media.outcome = stoppedPartWay;
  for (const file of manifest.media) {
    const entry = entries.get(mediaEntryName(file.name))!;
    await media.write(file.name, file.kind, Readable.from(entry.body()));
  }
}

async function restorePglite(
  dataDir: string,
  snapshot: Buffer,
  {
    force,
    media,
    manifest,
    path,
  }: { force: boolean; media: MediaFiles; manifest: Manifest; path: string },
  restoreFiles: () => Promise<void>,
) {
  const created = await mkdir(dataDir, { recursive: true, mode: privateDirMode });
  makePrivateDir(dataDir);
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir, 'a restore');
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    throw new BackupError(
      `${error.message} Stop it before restoring: a restore replaces the database it has open. Nothing was changed. (If that process is no longer running, delete ${error.lockFile}.)`,
    );
  }
  let unopenable = false;
  try {
    const hasDatabase = existsSync(join(dataDir, 'PG_VERSION'));
    const problem = hasDatabase
      ? `${dataDir} already holds an embedded database`
      : await storedMediaProblem(media);
    if (problem && !force) throw notEmpty(problem, `a new, empty DATA_DIR${media.freshPlace}`);
    if (force) {
      await emptyMedia(media);
      for (const name of (await readdir(dataDir)).filter(isPostgresFile)) {
        await rm(join(dataDir, name), { recursive: true, force: true });
      }
    }
    const before = new Set(await readdir(dataDir));
    await restoreFiles();
    try {
      const handle = await openDatabase({ dataDir, snapshot: tarBlob(snapshot), lockHeld: true });
      try {
        await handle.ping();
      } finally {
        await handle.close();
      }
    } catch {
      // PostgreSQL would not start on it (a damaged or crafted copy): take back what the restore
      // wrote, the database's files and the media, so no half-restored site is left to start.
      unopenable = true;
      for (const name of await readdir(dataDir)) {
        if (isPostgresFile(name) || (!before.has(name) && name !== dataDirLockName)) {
          await rm(join(dataDir, name), { recursive: true, force: true });
        }
      }
      await media.remove(manifest.media.map((file) => file.name)).catch(() => undefined);
      throw new BackupError(
        `${path} holds a database copy the embedded database cannot open: it is damaged, or it was not made by this site's backup. ${
          force && problem
            ? `What ${dataDir} held before was removed (--force), and nothing was restored in its place: restore another backup.`
            : 'Nothing was changed.'
        }`,
      );
    }
  } finally {
    unlock();
    // A DATA_DIR this restore made, and left nothing in: it goes too.
    if (unopenable && created) await rm(created, { recursive: true, force: true });
  }
}

async function restorePostgres(
  databaseUrl: string,
  manifest: Manifest,
  database: TarEntry,
  { force, target, media }: { force: boolean; target: string; media: MediaFiles },
  restoreFiles: () => Promise<void>,
) {
  const pgRestoreMajor = await pgToolMajor('pg_restore');
  const madeBy = manifest.database.pgDumpMajor ?? 0;
  if (pgRestoreMajor < madeBy) {
    throw new BackupError(
      `pg_restore is version ${pgRestoreMajor} but the archive was written by pg_dump ${madeBy}: pg_restore must be at least that version. Install the PostgreSQL ${madeBy} client programs and put them first on PATH. Nothing was changed.`,
    );
  }
  const handle = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const counted = await handle.db.execute<{ n: number }>(sql`
      select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
      where s.nspname not in ('pg_catalog', 'information_schema')
        and s.nspname not like 'pg_toast%' and s.nspname not like 'pg_temp%'`);
    const tables = (counted as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const problem =
      tables > 0 ? `${target} is not empty (it has tables)` : await storedMediaProblem(media);
    if (problem && !force) {
      throw notEmpty(problem, `a new database (createdb) and DATA_DIR${media.freshPlace}`);
    }
    if (force) {
      await emptyMedia(media);
      await handle.db.execute(sql`
        do $$ declare s text; begin
          for s in select nspname from pg_namespace where nspname not in ('pg_catalog', 'information_schema')
            and nspname not like 'pg_toast%' and nspname not like 'pg_temp%'
          loop execute format('drop schema %I cascade', s); end loop;
          create schema public;
        end $$`);
    }
  } finally {
    await handle.close();
  }
  await restoreFiles();
  await runPgTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'],
    databaseUrl,
    Readable.from(database.body()),
  );
}
