import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { compareCounts, countTables } from '#server/db/table-counts.ts';
import { LOGICAL_ENTRY, openLogicalDriver } from './logical-driver.ts';
import { restoreInOneTransaction, type PgSource } from './pg-restore-tx.ts';
import { runRestoreScript } from './sql-script.ts';

async function assertEmpty(targetUrl: string): Promise<void> {
  const probe = new pg.Client({ connectionString: targetUrl });
  await probe.connect();
  try {
    const { rows } = await probe.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
    );
    if (rows[0]!.n > 0)
      throw new Error('The target database is not empty: create a new, empty database for the move (createdb NAME)');
  } finally {
    await probe.end();
  }
}

/**
 * From the embedded PostgreSQL (or any PostgreSQL) into an empty one, with no external binary
 * (ADR 050): the logical dump of one snapshot, restored on the target in one transaction that
 * ends with the restore's integrity check (row counts per table, an administrator exists). The
 * source is only read.
 */
export async function moveLogically(source: PgSource, targetUrl: string): Promise<{ tables: number; rows: number }> {
  await assertEmpty(targetUrl);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'move-to-postgres-'));
  try {
    const file = path.join(dir, LOGICAL_ENTRY);
    const from = await openLogicalDriver(source);
    const expected = await from.dump(file);
    const to = await openLogicalDriver(targetUrl);
    await to.restore(file, LOGICAL_ENTRY, async (query) => {
      const problems = compareCounts(expected.tables, (await countTables(query)).tables);
      if (problems.length) throw new Error(`The moved data does not match (${problems.slice(0, 3).join('; ')})`);
      if (!(await query(`select 1 from users where role = 'admin' limit 1`)).rows.length)
        throw new Error('The moved database has no administrator account');
    });
    return {
      tables: Object.keys(expected.tables).length,
      rows: Object.values(expected.tables).reduce((a, b) => a + b, 0),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The one-time import of a PGlite data directory from before ADR 048 into an empty PostgreSQL
 * database (the embedded server's, on its first start), with no external binary: PGlite (loaded
 * only here, by a dynamic import) counts the rows and writes a plain-SQL dump of `pgliteDir`
 * (which it writes to: pass a copy); the script runs through node-postgres in one transaction that
 * also applies the newer migrations and ends with the integrity check (row counts per table, the
 * migration history, an administrator), so the target is either whole or still empty.
 */
export async function moveFromPglite(pgliteDir: string, targetUrl: string): Promise<{ tables: number; rows: number }> {
  await assertEmpty(targetUrl);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-import-'));
  try {
    const file = path.join(dir, 'export.sql');
    const { dumpPgliteDir } = await import('./pglite-export.ts');
    const expected = await dumpPgliteDir(pgliteDir, file);
    await restoreInOneTransaction(
      targetUrl,
      (client) => runRestoreScript(client, file),
      async (query) => {
        const counts = await countTables(query);
        const problems = compareCounts(expected.tables, counts.tables);
        if (problems.length) throw new Error(`The moved data does not match (${problems.slice(0, 3).join('; ')})`);
        if (counts.migrations < expected.migrations) throw new Error('The migration history did not arrive whole');
        if (!(await query(`select 1 from public.users where role = 'admin' limit 1`)).rows.length)
          throw new Error('The moved database has no administrator account');
      },
    );
    return {
      tables: Object.keys(expected.tables).length,
      rows: Object.values(expected.tables).reduce((a, b) => a + b, 0),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
