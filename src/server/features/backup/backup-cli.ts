import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EnvError, parseEnv, type Env } from '~/server/env';
import { AppError } from '~/server/errors';
import { resolveDataDir } from '~/server/lib/paths';
import { BackupError, formatBytes, type Manifest } from './archive-format';
import { createBackup } from './create-backup';
import { restoreBackup } from './restore-backup';

export interface BackupCliIo {
  env: Record<string, string | undefined>;
  out(line: string): void;
  err(line: string): void;
}

const usage = {
  backup: `Usage: npm run backup -- --out FILE [--force]

Writes one archive (a tar file) of the database and the uploaded media, while the site runs.
--force replaces FILE if it exists. Settings (DATA_DIR or DATABASE_URL, MEDIA_STORE and the
S3_ settings for media in a bucket) as for npm start.`,
  restore: `Usage: npm run restore -- FILE [--force]

Brings a new DATA_DIR (embedded database) or an empty PostgreSQL database (DATABASE_URL), and
the media folder or bucket (MEDIA_STORE), back to the archive's state. --force replaces what is
there already.`,
};

class UsageError extends Error {}

/** A path as typed: npm runs scripts in the project folder, and says where the shell was. */
const typed = (io: BackupCliIo, path: string) => resolve(io.env.INIT_CWD ?? process.cwd(), path);

function mediaLine(manifest: Manifest) {
  const bytes = manifest.media.reduce((sum, file) => sum + file.size, 0);
  return `${manifest.media.length} media file${manifest.media.length === 1 ? '' : 's'} (${formatBytes(bytes)})`;
}

/** Where the site's secret lives when APP_SECRET is not set: kept apart from every backup. */
function secretNote(env: Env, restoring: boolean) {
  if (env.APP_SECRET) {
    return restoring
      ? 'Start the site with the same APP_SECRET as before: links already sent and authenticator apps depend on it.'
      : null;
  }
  const file = join(resolveDataDir(env.DATA_DIR), 'app-secret');
  if (restoring) {
    return `Put back the site's secret before starting it (APP_SECRET, or the file ${file} kept apart from the backups): without it, links already sent and authenticator apps stop working.`;
  }
  return existsSync(file)
    ? `The site's secret, ${file}, is not in the archive: keep a copy of it apart (docs/operations.md).`
    : null;
}

async function backup(args: string[], io: BackupCliIo) {
  const { values, positionals } = parseArgs({
    args,
    options: { out: { type: 'string' }, force: { type: 'boolean' } },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
  if (!values.out) throw new UsageError('Say where to write the backup with --out FILE.');
  const env = parseEnv(io.env);
  const summary = await createBackup(env, { out: typed(io, values.out), force: values.force });
  io.out(`Backed up ${summary.how}.`);
  io.out(
    `Wrote ${summary.file} (${formatBytes(summary.bytes)}): the database and ${mediaLine(summary.manifest)} from ${summary.place}.`,
  );
  const { missingMedia } = summary.manifest;
  if (missingMedia.length > 0) {
    const files =
      missingMedia.length === 1 ? '1 file that was' : `${missingMedia.length} files that were`;
    io.err(
      `Warning: the database names ${files} already missing from ${summary.place}, so the archive lacks them too: ${missingMedia.join(', ')}.`,
    );
  }
  const note = secretNote(env, false);
  if (note) io.out(note);
}

async function restore(args: string[], io: BackupCliIo) {
  const { values, positionals } = parseArgs({
    args,
    options: { force: { type: 'boolean' } },
    allowPositionals: true,
  });
  if (positionals.length === 0) throw new UsageError('Name the backup file to restore.');
  if (positionals.length > 1) throw new UsageError(`Unexpected argument: ${positionals[1]}`);
  const env = parseEnv(io.env);
  const summary = await restoreBackup(env, {
    file: typed(io, positionals[0]!),
    force: values.force,
  });
  io.out(
    `Restored ${summary.target} to the backup of ${summary.manifest.createdAt}: the database and ${mediaLine(summary.manifest)} into ${summary.place}.`,
  );
  io.out(secretNote(env, true)!);
}

/** `npm run backup` and `npm run restore`: 0 when done, 1 with a message otherwise. */
export async function runBackupCli(
  command: 'backup' | 'restore',
  args: string[],
  io: BackupCliIo,
): Promise<number> {
  try {
    await (command === 'backup' ? backup(args, io) : restore(args, io));
    return 0;
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      io.err(`${(error as Error).message}\n\n${usage[command]}`);
      return 1;
    }
    if (error instanceof BackupError || error instanceof EnvError || error instanceof AppError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}
