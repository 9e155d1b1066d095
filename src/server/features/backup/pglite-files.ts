import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { isPostgresFile } from '~/db/private-files';
import { checksum, packTar } from './tar';

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

const BLOCK = 512;

/**
 * A snapshot from an archive, checked before PGlite is given it: its tar, or what is wrong.
 * PGlite's `loadDataDir` trusts what it is given: bytes that are not gzip or not a tar end in a
 * rejection nothing can catch (the process dies with a stack trace), and a tar of other files
 * is written into DATA_DIR before PostgreSQL refuses to start. So only what `packPgliteFiles`
 * writes passes: a gzipped ustar archive of plain files and folders, every name a relative path
 * under PostgreSQL's own files (no `..`, no absolute path), PG_VERSION and global/pg_control
 * among them, and nothing but zeros after its end.
 */
export async function unpackPgliteSnapshot(
  gzipped: Buffer,
): Promise<{ tar: Buffer } | { problem: string }> {
  let tar: Buffer;
  try {
    tar = await promisify(gunzip)(gzipped);
  } catch {
    return { problem: 'it is not gzip-compressed' };
  }
  const files = new Set<string>();
  let position = 0;
  for (; position + BLOCK <= tar.length;) {
    const header = tar.subarray(position, position + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const field = (at: number, length: number) => {
      const bytes = header.subarray(at, at + length);
      const end = bytes.indexOf(0);
      return bytes.subarray(0, end === -1 ? length : end).toString('utf8');
    };
    if (parseInt(field(148, 8).trim(), 8) !== checksum(header)) {
      return { problem: 'an entry header is damaged' };
    }
    const magic = header.subarray(257, 265).toString('latin1');
    if (magic !== 'ustar\u000000' && magic !== 'ustar  \u0000') {
      return { problem: 'it is not a ustar archive' };
    }
    const name = field(0, 100);
    if (header.subarray(345, 500).some((byte) => byte !== 0)) {
      return { problem: `${name} has a long name PostgreSQL's files never need` };
    }
    const type = String.fromCharCode(header[156]!);
    const folder = type === '5';
    if (!folder && type !== '0' && type !== '\u0000') {
      return { problem: `${name} is not a plain file or folder` };
    }
    const parts = (folder ? name.replace(/\/$/, '') : name).split('/');
    if (parts.some((part) => part === '' || part === '.' || part === '..')) {
      return { problem: `${name} is not a path inside the database's folder` };
    }
    if (!isPostgresFile(parts[0]!)) return { problem: `${name} is not a file of PostgreSQL's` };
    const sizeText = field(124, 12).trim();
    if (!/^[0-7]+$/.test(sizeText)) return { problem: `${name} has no readable size` };
    const size = folder ? 0 : parseInt(sizeText, 8);
    const start = position + BLOCK;
    if (start + size > tar.length) return { problem: `${name} is cut short` };
    if (!folder) files.add(parts.join('/'));
    position = start + size + ((BLOCK - (size % BLOCK)) % BLOCK);
  }
  if (position + BLOCK > tar.length) return { problem: 'it ends before its end marker' };
  if (tar.subarray(position).some((byte) => byte !== 0)) {
    return { problem: 'there is more after its end marker' };
  }
  const missing = ['PG_VERSION', 'global/pg_control'].filter((name) => !files.has(name));
  if (missing.length > 0) return { problem: `${missing.join(' and ')} missing` };
  return { tar };
}
