import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Env } from '../../env';
import { resolveDataDir } from '../../lib/paths';
import { createMediaStore, storedNamePattern, type MediaStore } from '../videos';

/**
 * The media a backup reads and a restore writes. Writing goes through the store's own receive
 * and keep (so a restored file is checked like an upload); reading and listing are not part of
 * the store's interface, so they are here, for the local directory the store keeps them in. An
 * object store plugs in by giving these three for its bucket.
 */
export interface MediaFiles {
  store: MediaStore;
  /** The size of a stored file, or null when there is none by that name. */
  sizeOf(name: string): Promise<number | null>;
  /** Its bytes; a MediaVanishedError when it is gone. */
  read(name: string): AsyncIterable<Buffer>;
  /** The names of every stored file. */
  list(): Promise<string[]>;
}

export class MediaVanishedError extends Error {
  constructor(readonly mediaName: string) {
    super(`${mediaName} was removed while the backup was being taken`);
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The same store the site uses (videos' mediaStoreFor): DATA_DIR/media. */
export function openMediaFiles(env: Env): MediaFiles {
  const store = createMediaStore(join(resolveDataDir(env.DATA_DIR), 'media'));
  const pathOf = (name: string) => {
    if (!storedNamePattern.test(name)) throw new Error(`not a stored media name: ${name}`);
    return join(store.dir, name);
  };
  return {
    store,
    async sizeOf(name) {
      try {
        return (await stat(pathOf(name))).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async *read(name) {
      try {
        for await (const chunk of createReadStream(pathOf(name))) yield chunk as Buffer;
      } catch (error) {
        if (isMissing(error)) throw new MediaVanishedError(name);
        throw error;
      }
    },
    async list() {
      try {
        return (await readdir(store.dir)).filter((name) => storedNamePattern.test(name));
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    },
  };
}
