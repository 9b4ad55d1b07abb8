import type { Database } from '#server/db/client.ts';
import { vacuumAnalyze } from '#server/db/pglite-maintenance.ts';
import { MINUTE, everyHours, type Job } from './job.ts';

/**
 * PGlite has no autovacuum (db/pglite-maintenance.ts says why that matters): VACUUM (ANALYZE)
 * every hour, and about a minute after start when this hour's run has not happened yet.
 */
export function pgliteMaintenanceJob(database: Database): Job {
  return {
    name: 'pglite-maintenance',
    schedule: everyHours(1, { firstAfter: MINUTE }),
    // A failed VACUUM is harmless until the next hour; one retry covers a passing hiccup.
    retry: { attempts: 2, backoff: 5 * MINUTE },
    run: () => vacuumAnalyze(database),
  };
}
