import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Env } from '~/server/env';
import {
  BackupError,
  checksumsName,
  manifestName,
  mediaEntryName,
  type Manifest,
} from './archive-format';
import { dumpDatabase, type DatabaseDump } from './dump-database';
import { MediaVanishedError, openMediaFiles, type MediaFiles } from './media-files';
import { TarWriter } from './tar';

export interface BackupSummary {
  file: string;
  bytes: number;
  how: string;
  /** Where the media were read: the folder or the bucket. */
  place: string;
  manifest: Manifest;
}

/**
 * How many dumps to take while a file the dump names is gone before it is copied (a video deleted
 * meanwhile); after the last, the archive is written with the missing files named.
 */
const ATTEMPTS = 3;

/**
 * Writes one archive: the database first, then the media files its rows name (docs/decisions/
 * 026-backup-and-restore.md). A file is written under a uuid name, complete, before the row
 * naming it commits, and never changed after: so every file a dumped row names is stored when
 * the copy starts, unless a video was deleted after the dump; then the dump is taken again. The
 * media are read from the store MEDIA_STORE names (the folder or the bucket), as the site does.
 */
export async function createBackup(
  env: Env,
  { out, force = false }: { out: string; force?: boolean },
): Promise<BackupSummary> {
  const file = resolve(out);
  if (existsSync(file) && !force) {
    throw new BackupError(
      `${file} already exists. Give another name (a date in it helps), or add --force to replace it.`,
    );
  }
  if (!existsSync(dirname(file))) {
    throw new BackupError(`The folder ${dirname(file)} does not exist: create it first.`);
  }
  // Beside the archive: the operator chose a place with room for it.
  const workDir = await mkdtemp(join(dirname(file), `.${basename(file)}-`));
  const media = openMediaFiles(env, 'No backup was written.');
  try {
    for (let attempt = 1; ; attempt += 1) {
      const last = attempt === ATTEMPTS;
      const dump = await dumpDatabase(env, workDir);
      const sizes = await Promise.all(dump.media.map((ref) => media.sizeOf(ref.name)));
      const missing = dump.media.filter((_, i) => sizes[i] === null).map((ref) => ref.name);
      if (missing.length > 0 && !last) continue;
      const manifest: Manifest = {
        format: 'tziyun-backup',
        version: 1,
        createdAt: new Date().toISOString(),
        database: dump.database,
        media: dump.media.flatMap((ref, i) =>
          sizes[i] === null ? [] : [{ ...ref, size: sizes[i]! }],
        ),
        missingMedia: missing,
      };
      const part = join(workDir, 'archive.part');
      try {
        await writeArchive(part, manifest, dump, media);
      } catch (error) {
        if (error instanceof MediaVanishedError && !last) continue;
        throw error;
      }
      await rename(part, file);
      return {
        file,
        bytes: (await stat(file)).size,
        how: dump.how,
        place: media.place,
        manifest,
      };
    }
  } finally {
    media.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

async function* hashing(
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  hash: ReturnType<typeof createHash>,
) {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk;
  }
}

async function writeArchive(
  path: string,
  manifest: Manifest,
  dump: DatabaseDump,
  media: MediaFiles,
) {
  const handle = await open(path, 'w', 0o600);
  try {
    const tar = new TarWriter(handle);
    const sums: string[] = [];
    const add = async (
      name: string,
      size: number,
      source: AsyncIterable<Buffer> | Iterable<Buffer>,
    ) => {
      const hash = createHash('sha256');
      await tar.add(name, size, hashing(source, hash));
      sums.push(`${hash.digest('hex')}  ${name}\n`);
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await add(manifestName, manifestBytes.length, [manifestBytes]);
    await add(dump.database.file, (await stat(dump.path)).size, createReadStream(dump.path));
    for (const file of manifest.media) {
      await add(mediaEntryName(file.name), file.size, media.read(file.name));
    }
    const checksums = Buffer.from(sums.join(''));
    await tar.add(checksumsName, checksums.length, [checksums]);
    await tar.finish();
    await handle.sync();
  } finally {
    await handle.close();
  }
}
