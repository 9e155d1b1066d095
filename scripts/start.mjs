// `npm start`: reads `.env`, builds the site if there is no build or the sources changed since,
// then serves it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareSettings } from '../src/server/lib/settings-file.mjs';

// First, so the build and the server both see what `.env` sets (NODE_ENV too).
prepareSettings();

const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = join(root, 'dist', 'server', 'main.js');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (max, name) => Math.max(max, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

const sources = [
  'src',
  'public',
  'drizzle',
  'site.config.ts',
  'vite.config.ts',
  'package-lock.json',
];
const builtAt = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));

if (builtAt < changedAt) {
  console.log(
    builtAt ? 'Sources changed since the last build: rebuilding…' : 'No build yet: building…',
  );
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
await import(serverEntry);
