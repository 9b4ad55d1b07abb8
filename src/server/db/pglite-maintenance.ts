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
  let tables = 0;
  for (const { name } of rows) {
    try {
      await pg.exec(`VACUUM (ANALYZE) ${name}`);
      tables += 1;
    } catch (err) {
      // Dropped since the list was read (a restore, a migration): nothing left to vacuum.
      if ((err as { code?: string }).code !== '42P01') throw err;
    }
  }
  return { tables };
}
