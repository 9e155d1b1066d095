/**
 * Administrator accounts from the command line (docs/operations.md, "Administrators"):
 *   npm run admin:create -- --username NAME [--role owner|admin]
 *   npm run admin:password -- --username NAME
 * Settings come from the environment and `.env` (the environment wins), like `npm start`.
 */
import { keepNewFilesPrivate } from '~/db/private-files';
import { prepareSettings } from '~/server/lib/settings-file.mjs';

// Before the app's modules load: the settings may come from `.env`.
prepareSettings();
// Before anything is written: the database, backups and the secret are this user's alone.
keepNewFilesPrivate();
const { runAdminCli } = await import('~/server/features/admin');

try {
  process.exitCode = await runAdminCli(process.argv.slice(2), {
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => console.error(line),
  });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
