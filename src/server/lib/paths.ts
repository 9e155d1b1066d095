import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root, found from this module whether it runs from src/ or from dist/. */
function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${start}`);
    dir = parent;
  }
  return dir;
}

export const rootDir = findRoot(dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = join(rootDir, 'drizzle');
export const clientDistDir = join(rootDir, 'dist', 'client');
export const publicDir = join(rootDir, 'public');

export function resolveDataDir(dataDir: string): string {
  return resolve(rootDir, dataDir);
}
