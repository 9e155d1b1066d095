import { z } from 'zod';
import { mediaKinds, storedNamePattern } from '~/server/services/media';

/**
 * What a backup archive holds (docs/decisions/026-backup-and-restore.md): an uncompressed tar
 * whose first file is this manifest, then the database dump, then every media file the dump
 * names, and last `SHA256SUMS` (the `sha256sum` format) for everything before it.
 */
export const manifestName = 'tziyun-backup.json';
export const checksumsName = 'SHA256SUMS';
export const databaseFileNames = {
  pglite: 'database.pglite.tar.gz',
  postgres: 'database.pgdump',
} as const;
export const mediaEntryName = (name: string) => `media/${name}`;

export type DatabaseKind = keyof typeof databaseFileNames;

export const manifestSchema = z.object({
  format: z.literal('tziyun-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    file: z.string(),
    /** PostgreSQL: the major version of the pg_dump that wrote it, and the server's version. */
    pgDumpMajor: z.number().int().optional(),
    serverVersion: z.string().optional(),
  }),
  media: z.array(
    z.object({
      name: z.string().regex(storedNamePattern),
      kind: z.enum(mediaKinds),
      size: z.number().int().min(0),
    }),
  ),
  /** Files the database named that were already gone when the backup was taken. */
  missingMedia: z.array(z.string()),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** A refusal or failure the operator can act on: the message is what they read. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
