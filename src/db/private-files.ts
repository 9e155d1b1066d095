import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the site writes (the embedded database, mail in the outbox, uploaded media, backups, the
 * app secret) is readable and writable by the site's own user alone: folders 0700, files 0600.
 * It holds donors, members, prayer names and password hashes, and another account on the
 * machine has no business reading or changing any of it.
 */
export const privateDirMode = 0o700;
export const privateFileMode = 0o600;

/**
 * For every file this process creates without a mode of its own: owner only. The server and the
 * command-line programs call it first; the systemd unit sets the same (UMask=0077).
 */
export function keepNewFilesPrivate() {
  process.umask(0o077);
}

/**
 * Makes `dir` (and any missing parent) 0700, and tightens it to 0700 when it exists looser (a
 * DATA_DIR an earlier version made 0755): a folder no one else can enter keeps every file in it
 * private, whatever the file's own mode. One this user does not own is left as it is.
 */
export function makePrivateDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: privateDirMode });
  tighten(dir, privateDirMode);
}

/** PostgreSQL's own files and folders in its data directory. */
export const isPostgresFile = (name: string) =>
  name === 'PG_VERSION' ||
  name === 'base' ||
  name === 'global' ||
  name.startsWith('pg_') ||
  /^postgresql(\.auto)?\.conf$/.test(name) ||
  name.startsWith('postmaster.');

/**
 * PostgreSQL's files in an embedded database's folder, made 0600 (folders 0700). PGlite writes the
 * files of a new or loaded database through its own file layer, which sets 0666 whatever the
 * process's umask; the files PostgreSQL creates afterwards it asks 0600 for.
 */
export function makePostgresFilesPrivate(dataDir: string) {
  const walk = (path: string) => {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (!stats) return;
    if (stats.isDirectory()) {
      tighten(path, privateDirMode, stats.mode);
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if (stats.isFile()) {
      tighten(path, privateFileMode, stats.mode);
    }
  };
  for (const name of readdirSync(dataDir).filter(isPostgresFile)) walk(join(dataDir, name));
}

/** Removes what `mode` does not grant; never widens. */
function tighten(path: string, mode: number, current = lstatSync(path).mode) {
  if ((current & 0o777 & ~mode) === 0) return;
  try {
    chmodSync(path, current & 0o777 & mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}
