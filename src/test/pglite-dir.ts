// A PGlite data directory as the app left it before ADR 048 (DATA_DIR/pglite), for the tests of
// the one-time import. Tests only: the app itself loads PGlite on that import path alone.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from '#server/db/client.ts';
import { MIGRATIONS_DIR } from '#server/db/migrate.ts';
import * as schema from '#server/db/schema/index.ts';

/** Opens (creating it if need be) a PGlite directory, migrated to the app's current schema. */
export async function openPgliteDir(dir: string): Promise<{ db: Db; close: () => Promise<void> }> {
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm } });
  const pgliteDb = drizzle(pglite, { schema, casing: 'snake_case' });
  await migrate(pgliteDb, { migrationsFolder: MIGRATIONS_DIR });
  return { db: pgliteDb as unknown as Db, close: () => pglite.close() };
}
