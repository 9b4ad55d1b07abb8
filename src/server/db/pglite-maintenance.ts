import type { Database } from './client.ts';

/**
 * PGlite runs PostgreSQL as a single backend with no autovacuum, so on its own it never gathers
 * planner statistics nor marks pages all-visible. Without statistics the leads list is planned blind
 * (a sort of every open lead instead of a short index walk, ~10x slower at 100,000 leads), and
 * without the visibility map its counts cannot be index-only. This does what autovacuum does on
 * PostgreSQL: VACUUM (ANALYZE) of the whole database, soon after start and then periodically.
 * On 100,000 leads it takes about a second, during which other queries wait their turn.
 */
export async function vacuumAnalyze(database: Database): Promise<void> {
  if (database.kind !== 'pglite' || !database.pglite) return;
  await database.pglite.exec('VACUUM (ANALYZE)');
}

export interface MaintenanceLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Starts the periodic maintenance on PGlite (nothing on PostgreSQL); returns its stop function. */
export function startPgliteMaintenance(
  database: Database,
  log: MaintenanceLog,
  opts: { firstAfterMs?: number; everyMs?: number } = {},
): () => void {
  if (database.kind !== 'pglite') return () => {};
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= (async () => {
      const started = Date.now();
      try {
        await vacuumAnalyze(database);
        log.info({ ms: Date.now() - started }, 'database maintenance (VACUUM ANALYZE) done');
      } catch (err) {
        log.warn({ err }, 'database maintenance (VACUUM ANALYZE) failed');
      } finally {
        running = null;
      }
    })();
  };
  const first = setTimeout(run, opts.firstAfterMs ?? 60_000);
  const every = setInterval(run, opts.everyMs ?? 3_600_000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
