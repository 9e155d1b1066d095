/**
 * Backup and restore from the command line (docs/operations.md, "Backups"):
 *   npm run backup -- --out FILE [--force]
 *   npm run restore -- FILE [--force]
 * Settings come from the environment and `.env` (the environment wins), like `npm start`.
 */
import { keepNewFilesPrivate } from '~/db/private-files';
import { prepareSettings } from '~/server/lib/settings-file.mjs';

// Before the app's modules load: the settings may come from `.env`.
prepareSettings();
// Before anything is written: the database, backups and the secret are this user's alone.
keepNewFilesPrivate();
const { runBackupCli } = await import('~/server/features/backup');

const [command, ...args] = process.argv.slice(2);
try {
  if (command !== 'backup' && command !== 'restore') throw new Error(`unknown command ${command}`);
  process.exitCode = await runBackupCli(command, args, {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => console.error(line),
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
