import { join } from 'node:path';
import type { Env } from '~/server/env';
import { resolveDataDir } from '~/server/lib/paths';
import { createMediaStore, type LocalMediaStore } from './media-store';
import { createS3MediaStore, type S3MediaStore } from './s3-media-store';

/** Either store, told apart by `kind`. */
export type ConfiguredMediaStore = LocalMediaStore | S3MediaStore;

/**
 * The store MEDIA_STORE names: DATA_DIR/media, or the S3 bucket (ADR 027). The site (one per app,
 * `mediaStoreFor`) and the backup and restore commands pick it here, so they see the same files.
 * An S3 store holds a client: `close` it when done.
 */
export function createMediaStoreFromEnv(env: Env): ConfiguredMediaStore {
  if (env.MEDIA_STORE === 's3') {
    return createS3MediaStore({
      bucket: env.S3_BUCKET!,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      prefix: env.S3_PREFIX,
    });
  }
  return createMediaStore(join(resolveDataDir(env.DATA_DIR), 'media'));
}
