import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Env } from '~/server/env';
import { AppError } from '~/server/errors';
import { createMediaStoreFromEnv, inspector, type MediaKind } from '~/server/services/media';
import { BackupError } from './archive-format';

/**
 * The media a backup reads and a restore writes, in the store the site uses (MEDIA_STORE: the
 * local folder or the S3 bucket, chosen as the site chooses it), through the store's own
 * interface. A store that fails (a bucket that does not answer, a folder that cannot be read)
 * becomes a BackupError saying what happened and what the command did or did not do.
 */
export interface MediaFiles {
  /** What a failure of the store leaves, said after it, e.g. "No backup was written." */
  outcome: string;
  /** The folder, or the bucket and its prefix, for messages. */
  place: string;
  /** What else a fresh target needs, said after "a new, empty DATA_DIR": '' for the folder. */
  freshPlace: string;
  /** The size of a stored file, or null when there is none by that name. */
  sizeOf(name: string): Promise<number | null>;
  /** Its bytes; a MediaVanishedError when it is gone. */
  read(name: string): AsyncIterable<Buffer>;
  /** The names of every stored file. */
  list(): Promise<string[]>;
  /** Stores a file as it is, refused unless its first bytes are the kind its name says. */
  write(name: string, kind: MediaKind, source: Readable): Promise<void>;
  /** Removes stored files. */
  remove(names: string[]): Promise<void>;
  /** Closes the store's connections (the bucket's client). */
  close(): void;
}

export class MediaVanishedError extends Error {
  constructor(readonly mediaName: string) {
    super(`${mediaName} was removed while the backup was being taken`);
  }
}

export function openMediaFiles(env: Env, outcome: string): MediaFiles {
  const store = createMediaStoreFromEnv(env);
  const failed = (error: unknown) => {
    if (error instanceof BackupError || error instanceof MediaVanishedError) return error;
    const unanswered = error instanceof AppError && error.code === 'unavailable';
    const what = unanswered ? 'did not answer' : `failed (${(error as Error).message})`;
    const check =
      store.kind === 's3'
        ? ' Check MEDIA_STORE and the S3_ settings, and that the bucket can be reached from this machine, then try again.'
        : '';
    return new BackupError(`The media storage, ${store.place}, ${what}. ${files.outcome}${check}`);
  };
  const guarded =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      try {
        return await run(...args);
      } catch (error) {
        throw failed(error);
      }
    };

  const files: MediaFiles = {
    outcome,
    place: store.place,
    freshPlace: store.kind === 's3' ? ' and a new bucket or S3_PREFIX' : '',
    sizeOf: guarded((name: string) => store.sizeOf(name)),
    list: guarded(() => store.list()),
    remove: guarded((names: string[]) => store.remove(names)),
    async *read(name) {
      let stream: Readable;
      try {
        stream = await store.read(name);
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') {
          throw new MediaVanishedError(name);
        }
        throw failed(error);
      }
      try {
        for await (const chunk of stream) yield chunk as Buffer;
      } catch (error) {
        throw failed(error);
      } finally {
        stream.destroy();
      }
    },
    write: guarded(async (name: string, kind: MediaKind, source: Readable) => {
      // Checked as an upload is, by its first bytes: a file of another kind is refused.
      const check = inspector(kind, Number.MAX_SAFE_INTEGER);
      const checking = pipeline(source, check.stream);
      checking.catch(() => undefined);
      const settled = await Promise.allSettled([store.write(name, check.stream), checking]);
      for (const outcome of settled) {
        if (outcome.status === 'fulfilled') continue;
        const refused = outcome.reason instanceof AppError;
        if (!(refused && outcome.reason.code === 'unsupported_media_type')) throw outcome.reason;
      }
      const ext = name.slice(name.lastIndexOf('.') + 1);
      const format = await check.known.catch(() => undefined);
      if (format?.ext !== ext) {
        await store.remove([name]);
        throw new BackupError(`${name} in the archive is not the kind of file its name says.`);
      }
    }),
    close: () => {
      if (store.kind === 's3') store.close();
    },
  };
  return files;
}
