import type { Database } from '#server/db/client.ts';
import type { BackupsService } from '#server/modules/backups/backups.service.ts';
import { backupHourlyJob } from './backup-hourly.job.ts';
import type { Job } from './job.ts';
import { pgliteMaintenanceJob } from './pglite-maintenance.job.ts';

/** The jobs a server process runs (main.ts starts them; building the app alone starts none). */
export function processJobs(database: Database, services: { backups: BackupsService }): Job[] {
  const jobs: Job[] = [backupHourlyJob(services.backups)];
  // PostgreSQL has autovacuum.
  if (database.kind === 'pglite') jobs.push(pgliteMaintenanceJob(database));
  return jobs;
}
