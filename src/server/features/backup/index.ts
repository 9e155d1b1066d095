/** Backup and restore of the database and the media (docs/decisions/026-backup-and-restore.md). */
export { runBackupCli, type BackupCliIo } from './backup-cli';
export { serveBackupsWhileRunning } from './serve-backups';
