// What the process (main.ts) takes from the backups module besides its service.
export { backupBeforeMigrations } from './migration-backup.ts';
