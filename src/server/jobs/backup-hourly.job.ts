import type { BackupsService } from '#server/modules/backups/backups.service.ts';
import { BACKUP_JOB_NAME } from '#server/modules/backups/backups.service.ts';
import { MINUTE, everyHours, type Job } from './job.ts';

/**
 * The automated backup, every hour, then the retention rule (automated backups older than 3 days
 * go; manual and migration ones stay). The runner's claim in job_runs lets one instance run it
 * when several share one PostgreSQL (ADR 014, ADR 030).
 */
export function backupHourlyJob(backups: BackupsService): Job {
  return {
    name: BACKUP_JOB_NAME,
    schedule: everyHours(1, { firstAfter: 2 * MINUTE }),
    retry: { attempts: 2, backoff: 5 * MINUTE },
    lease: 10 * MINUTE,
    run: async () => backups.runScheduled(),
  };
}
