import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
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

const here = dirname(fileURLToPath(import.meta.url));
export const rootDir = findRoot(here);
export const migrationsDir = join(rootDir, 'drizzle');
/** The built server (<build>/server/main.js) finds the client build beside it. */
export const clientDistDir =
  basename(here) === 'server' && existsSync(join(here, '..', 'client'))
    ? join(here, '..', 'client')
    : join(rootDir, 'dist', 'client');
export const publicDir = join(rootDir, 'public');

export function resolveDataDir(dataDir: string): string {
  return resolve(rootDir, dataDir);
}
