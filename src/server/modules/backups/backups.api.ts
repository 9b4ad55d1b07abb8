// What the process (main.ts) takes from the backups module besides its service.
export { backupBeforeMigrations } from './migration-backup.ts';
/** The one-time import of a PGlite data directory into the embedded PostgreSQL (ADR 048). */
export { moveFromPglite } from './move-to-postgres.ts';
