import path from 'node:path';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { REPO_ROOT } from '#server/lib/paths.ts';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'migrations');

/** The app's migrations, oldest first (the same files and order drizzle's migrator applies). */
export const localMigrations = (): MigrationMeta[] => readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });

// Several app instances may start together on one PostgreSQL: an advisory lock lets one migrate at a time.
const MIGRATION_LOCK_KEY = 724_901_337;

export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  // Session-level advisory locks belong to one connection, so the lock gets its own client.
  const lockClient = new pg.Client({ connectionString: database.url });
  await lockClient.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(database.db as unknown as NodePgDatabase, config);
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await lockClient.end();
  }
}
