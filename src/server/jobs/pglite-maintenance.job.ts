import type { Database } from '#server/db/client.ts';
import { vacuumAnalyze } from '#server/db/pglite-maintenance.ts';
import { MINUTE, everyHours, type Job } from './job.ts';

/**
 * PGlite has no autovacuum (db/pglite-maintenance.ts says why that matters): VACUUM (ANALYZE) of
 * every table every hour, and 15 minutes after start when this hour's run has not happened yet.
 * Tables that grow get theirs within seconds from the server's growth watch (watchGrowth), so the
 * first full run, whose hundred statements every call waits behind, need not come a minute after
 * start, while the first users are at work.
 */
export function pgliteMaintenanceJob(database: Database): Job {
  return {
    name: 'pglite-maintenance',
    schedule: everyHours(1, { firstAfter: 15 * MINUTE }),
    // A failed VACUUM is harmless until the next hour; one retry covers a passing hiccup.
    retry: { attempts: 2, backoff: 5 * MINUTE },
    run: () => vacuumAnalyze(database),
  };
}
