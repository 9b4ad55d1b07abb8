// Everything main.ts needs after the database is open. main.ts imports this module dynamically,
// at the start of start(), so Node loads and compiles it while the embedded PostgreSQL server
// starts (a separate process), instead of before (ADR 061).
export { bootstrapData } from './bootstrap.ts';
export { buildApp } from './app.ts';
export { publicOrigin } from './app-services.ts';
export { runMigrations } from '#server/db/migrate.ts';
export { importPgliteOnce } from '#server/db/embedded/pglite-import.ts';
export { backupBeforeMigrations } from '#server/modules/backups/backups.api.ts';
export { createBackupDriver } from '#server/integrations/backup/driver.ts';
/** The one-time import of a PGlite data directory into the embedded PostgreSQL (ADR 048). */
export { moveFromPglite } from '#server/integrations/backup/move-to-postgres.ts';
export { createLocalHub } from '#server/realtime/hub.ts';
export { createPgHub } from '#server/realtime/pg-bridge.ts';
export { processJobs } from '#server/jobs/process-jobs.ts';
export { createJobRunner } from '#server/jobs/runner.ts';
export { mailSettingsFromEnv } from '#server/integrations/mail/mail-settings.ts';
export { loadMailKey } from '#server/integrations/mail/secret-box.ts';
