import type { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

/**
 * A portable plain-SQL dump of a PGlite database, made by the PGlite project's own pg_dump build
 * (@electric-sql/pglite-tools; its custom format comes out truncated, so plain only). Lines that
 * only PostgreSQL 17+ and its psql understand are dropped, so it loads into older servers too.
 */
export async function exportPgliteSql(pglite: PGlite): Promise<string> {
  const file = await pgDump({ pg: pglite, args: ['--no-owner', '--no-privileges', '--quote-all-identifiers'] });
  const text = await file.text();
  // pg_dump leaves the search_path empty for the session it runs in; put it back for the app.
  await pglite.exec('SET search_path TO public');
  return text
    .split('\n')
    .filter((line) => !/^SET transaction_timeout\b/.test(line) && !/^\\(un)?restrict\b/.test(line))
    .join('\n');
}
