import type { AppServices } from '#server/app.ts';
import { backupHourlyJob } from './backup-hourly.job.ts';
import { emailOutboxJob } from './email-outbox.job.ts';
import type { Job } from './job.ts';
import { listingWatchJob } from './listing-watch.job.ts';
import { mailPollJob } from './mail-poll.job.ts';
import { taskDueJob } from './task-due.job.ts';

/** The jobs a server process runs (main.ts starts them; building the app alone starts none). */
export function processJobs(
  services: Pick<AppServices, 'backups'> &
    Partial<Pick<AppServices, 'mailboxes' | 'outbox' | 'listingWatch' | 'taskReminders'>>,
  opts: { mailPollMinutes?: number; taskDueCheckSeconds?: number } = {},
): Job[] {
  const jobs: Job[] = [backupHourlyJob(services.backups)];
  if (services.mailboxes) jobs.push(mailPollJob(services.mailboxes, opts.mailPollMinutes ?? 5));
  if (services.outbox) jobs.push(emailOutboxJob(services.outbox));
  if (services.listingWatch) jobs.push(listingWatchJob(services.listingWatch));
  if (services.taskReminders) jobs.push(taskDueJob(services.taskReminders, opts.taskDueCheckSeconds));
  return jobs;
}
