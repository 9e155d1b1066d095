import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { packTar } from './tar';

/** PostgreSQL's own files and folders in its data directory. */
export const isPostgresFile = (name: string) =>
  name === 'PG_VERSION' ||
  name === 'base' ||
  name === 'global' ||
  name.startsWith('pg_') ||
  /^postgresql(\.auto)?\.conf$/.test(name) ||
  name.startsWith('postmaster.');

/**
 * A copy of the embedded database's files, which PGlite opens again (`openDatabase({ snapshot })`).
 * PGlite's own `dumpDataDir` would do, but it packs everything in DATA_DIR, which is PostgreSQL's
 * data directory and also holds the media, the outbox and the app secret. This takes only
 * PostgreSQL's files, read synchronously: in the process that has the database open, no query
 * runs while they are read (PGlite runs in this thread and writes through to disk), so the copy
 * is what a power cut at that instant would leave, which PostgreSQL opens by replaying its log
 * (a checkpoint just before keeps that short).
 */
export function readPgliteFiles(dataDir: string): PgliteFiles {
  const entries: { name: string; data?: Buffer }[] = [];
  const walk = (relative: string, keep: (name: string) => boolean = () => true) => {
    for (const name of readdirSync(join(dataDir, relative)).filter(keep).sort()) {
      const path = relative ? `${relative}/${name}` : name;
      const stats = statSync(join(dataDir, path));
      if (stats.isDirectory()) {
        entries.push({ name: `${path}/` });
        walk(path);
      } else if (stats.isFile()) {
        entries.push({ name: path, data: readFileSync(join(dataDir, path)) });
      }
    }
  };
  walk('', isPostgresFile);
  return entries;
}

export type PgliteFiles = { name: string; data?: Buffer }[];

/** The files as PGlite's `loadDataDir` takes them: a gzipped tar. */
export function packPgliteFiles(files: PgliteFiles): Promise<Buffer> {
  return promisify(gzip)(packTar(files));
}
