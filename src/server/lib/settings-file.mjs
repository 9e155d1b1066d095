// What the commands an operator runs (`npm start`, `npm run admin:*`) do before anything reads a
// setting: refuse a Node.js older than the site supports, and read `.env` (docs/operations.md, Settings;
// docs/decisions/023-settings-file-and-data-directory-lock.md). Plain JavaScript: `npm start`
// (scripts/start.mjs) runs it with node itself, before there is a build; the CLIs import it too.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The oldest Node.js the site runs on; package.json's `engines` says the same. */
export const minimumNodeVersion = '20.19.0';

/**
 * Reads `.env` in `dir` into process.env when the file exists. A variable already set in the
 * environment keeps its value: the environment wins over the file. Returns the path read, or null.
 */
export function loadSettingsFile(dir = process.cwd()) {
  const path = join(dir, '.env');
  if (!existsSync(path)) return null;
  try {
    process.loadEnvFile(path);
  } catch (error) {
    throw new Error(`Could not read the settings file ${path}: ${error.message}`, {
      cause: error,
    });
  }
  return path;
}

/** A sentence for the operator when `version` is older than the site supports, else null. */
export function nodeVersionProblem(version = process.versions.node) {
  const have = version.replace(/^v/, '').split('.').map(Number);
  const need = minimumNodeVersion.split('.').map(Number);
  for (let i = 0; i < need.length; i++) {
    if ((have[i] ?? 0) > need[i]) return null;
    if ((have[i] ?? 0) < need[i]) {
      return `This site needs Node.js ${minimumNodeVersion} or newer; this is Node.js ${version.replace(/^v/, '')}. Install a newer Node.js (https://nodejs.org) and run the command again.`;
    }
  }
  return null;
}

/** Both, for an entry point: exits with the message on an old Node.js, then reads `.env`. */
export function prepareSettings(dir = process.cwd()) {
  const problem = nodeVersionProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  return loadSettingsFile(dir);
}
