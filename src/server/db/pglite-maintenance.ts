import type { Database } from './client.ts';

/**
 * PGlite runs PostgreSQL as a single backend with no autovacuum, so on its own it never gathers
 * planner statistics nor marks pages all-visible. Without statistics the leads list is planned blind
 * (a sort of every open lead instead of a short index walk, ~10x slower at 100,000 leads), and
 * without the visibility map its counts cannot be index-only. This does what autovacuum does on
 * PostgreSQL: VACUUM (ANALYZE) of the whole database, soon after start and then periodically
 * (the pglite-maintenance job, src/server/jobs/).
 * On 100,000 leads it takes about a second, during which other queries wait their turn.
 */
export async function vacuumAnalyze(database: Database): Promise<void> {
  if (database.kind !== 'pglite' || !database.pglite) return;
  await database.pglite.exec('VACUUM (ANALYZE)');
}
