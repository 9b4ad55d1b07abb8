import type { Database } from '#server/db/client.ts';
import type { AppServices } from '#server/app.ts';
import { backupHourlyJob } from './backup-hourly.job.ts';
import { emailOutboxJob } from './email-outbox.job.ts';
import type { Job } from './job.ts';
import { mailPollJob } from './mail-poll.job.ts';
import { pgliteMaintenanceJob } from './pglite-maintenance.job.ts';

/** The jobs a server process runs (main.ts starts them; building the app alone starts none). */
export function processJobs(
  database: Database,
  services: Pick<AppServices, 'backups'> & Partial<Pick<AppServices, 'mailboxes' | 'outbox'>>,
  opts: { mailPollMinutes?: number } = {},
): Job[] {
  const jobs: Job[] = [backupHourlyJob(services.backups)];
  // PostgreSQL has autovacuum.
  if (database.kind === 'pglite') jobs.push(pgliteMaintenanceJob(database));
  if (services.mailboxes) jobs.push(mailPollJob(services.mailboxes, opts.mailPollMinutes ?? 5));
  if (services.outbox) jobs.push(emailOutboxJob(services.outbox));
  return jobs;
}
