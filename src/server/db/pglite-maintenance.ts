import type { PGlite } from '@electric-sql/pglite';
import type { Every } from '#server/lib/every.ts';
import type { Database } from './client.ts';

/**
 * PGlite runs PostgreSQL as a single backend with no autovacuum, so on its own it never gathers
 * planner statistics nor marks pages all-visible. Without statistics the leads list is planned blind
 * (a sort of every open lead instead of a short index walk, ~10x slower at 100,000 leads), and
 * without the visibility map its counts cannot be index-only. This does what autovacuum does on
 * PostgreSQL: VACUUM (ANALYZE) of every table, soon after start and then periodically (the
 * pglite-maintenance job, src/server/jobs/).
 *
 * One table per statement, the largest first: each statement takes its turn in PGlite's queue like
 * any call (ADR 042), so calls wait for one table at a time, never for the whole database. One
 * database-wide VACUUM (ANALYZE) held every call for 130-420 ms on 2,700 leads, the system catalogs
 * included; table by table, the longest wait is the leads table's (30 ms there; about a second on
 * 100,000 leads). The catalogs are vacuumed too, table by table, so the database's oldest
 * transaction id still moves forward.
 */
export async function vacuumAnalyze(database: Database): Promise<{ tables: number }> {
  if (database.kind !== 'pglite' || !database.pglite) return { tables: 0 };
  const pg = database.pglite;
  const { rows } = await pg.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'm') and n.nspname not like 'pg\\_temp%' and n.nspname not like 'pg\\_toast%'
      order by c.relpages desc, 1`,
  );
  return { tables: (await vacuumEach(pg, rows)).length };
}

/** VACUUM (ANALYZE) of each named table, one statement each; the names of those vacuumed. */
async function vacuumEach(pg: PGlite, tables: { name: string }[]): Promise<string[]> {
  const done: string[] = [];
  for (const { name } of tables) {
    try {
      await pg.exec(`VACUUM (ANALYZE) ${name}`);
      done.push(name);
    } catch (err) {
      // Dropped since the list was read (a restore, a migration): nothing left to vacuum.
      if ((err as { code?: string }).code !== '42P01') throw err;
    }
  }
  return done;
}

/**
 * How far a table's file may grow past the size its statistics were taken at before it is
 * vacuumed and analysed again: PostgreSQL's autovacuum works from write counters PGlite does not
 * keep (its pg_stat tables stay at zero), so growth is read from the file against `relpages`, which
 * VACUUM and ANALYZE set. 20 % is autovacuum's scale factor for inserts; 8 pages (64 kB) keeps
 * small tables out.
 */
export const GROWTH_FACTOR = 0.2;
export const GROWTH_MIN_PAGES = 8;

/**
 * VACUUM (ANALYZE) of the app's tables that grew past their statistics (above); their names.
 * Without it the planner kept estimating a grown table at its size of the last hourly run: a
 * search on 3,000 leads whose statistics said one row scanned the whole table twice (bench/README.md,
 * "Stalls under many clients").
 */
export async function vacuumGrown(database: Database): Promise<string[]> {
  if (database.kind !== 'pglite' || !database.pglite) return [];
  const pg = database.pglite;
  const { rows } = await pg.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = 'public'
        and pg_relation_size(c.oid) / current_setting('block_size')::int >= greatest(c.relpages, 0) * (1 + $1::float8) + $2::int
      order by 1`,
    [GROWTH_FACTOR, GROWTH_MIN_PAGES],
  );
  return vacuumEach(pg, rows);
}

/** How often the server looks for grown tables (one small statement each time). */
export const GROWTH_CHECK_MS = 10_000;

/**
 * Runs vacuumGrown every `everyMs` on PGlite until the returned function is called (main.ts; the
 * hourly pglite-maintenance job still vacuums everything). A check never overlaps the previous one;
 * a failure (a restore swapping the instance) is logged and the next check tries again.
 */
export function watchGrowth(
  database: Database,
  opts: { every: Every; everyMs?: number; onError: (err: unknown) => void },
): () => void {
  if (database.kind !== 'pglite') return () => undefined;
  let running = false;
  return opts.every(opts.everyMs ?? GROWTH_CHECK_MS, () => {
    if (running) return;
    running = true;
    vacuumGrown(database)
      .catch(opts.onError)
      .finally(() => (running = false));
  });
}
