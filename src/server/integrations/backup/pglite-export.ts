import { writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { countTables, type TableCounts } from '#server/db/table-counts.ts';

/** The settings the app gave PGlite when it ran on it (before ADR 048). */
const PGLITE_CONF = ['shared_buffers = 16MB'];

/**
 * The one-time import of a PGlite data directory (ADR 048) reads it here, and nothing else runs
 * PGlite: this file is loaded with a dynamic import only on that path. Opens `dir` (which PGlite
 * writes to: pass a copy), counts the rows per table, and writes a portable plain-SQL dump made
 * by the PGlite project's own pg_dump build (@electric-sql/pglite-tools' public pgDump; its custom
 * format comes out truncated, so plain only) to `sqlFile`. Lines that only PostgreSQL 17+ and its
 * psql understand are dropped, so the script loads into older servers too, without psql
 * (sql-script.ts runs it through node-postgres).
 */
export async function dumpPgliteDir(dir: string, sqlFile: string): Promise<TableCounts> {
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm }, postgresqlconf: PGLITE_CONF });
  try {
    // Nothing else uses this copy: the counts and the dump see the same data.
    const counts = await countTables((text) => pglite.query<Record<string, unknown>>(text));
    const dump = await pgDump({ pg: pglite, args: ['--no-owner', '--no-privileges', '--quote-all-identifiers'] });
    const text = (await dump.text())
      .split('\n')
      .filter((line) => !/^SET transaction_timeout\b/.test(line) && !/^\\(un)?restrict\b/.test(line))
      .join('\n');
    await writeFile(sqlFile, text, { flag: 'wx' });
    return counts;
  } finally {
    await pglite.close();
  }
}
