import type { DatabaseHandle } from '~/db/client';
import { serveBackupDumps, type BackupSocketLog } from './backup-socket';
import { copyPgliteDatabase } from './dump-database';

/**
 * The server on the embedded database hands a copy of it to `npm run backup` (which cannot open
 * it while the server does). Returns the function that stops it. Nothing to do on PostgreSQL.
 */
export async function serveBackupsWhileRunning(
  database: DatabaseHandle,
  dataDir: string,
  log: BackupSocketLog,
): Promise<() => Promise<void>> {
  if (database.driver !== 'pglite') return async () => {};
  return serveBackupDumps(dataDir, () => copyPgliteDatabase(database, dataDir), log);
}
