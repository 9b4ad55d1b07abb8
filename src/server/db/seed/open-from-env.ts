import path from 'node:path';
import { loadEnv, type Env } from '#server/env.ts';
import { openDb, type Database } from '../client.ts';
import { runMigrations } from '../migrate.ts';
import { pgliteImportPending } from '../embedded/pglite-import.ts';

/** Opens and migrates the database the app would use: DATABASE_URL if set, else the embedded server in DATA_DIR. */
export async function openMigratedDbFromEnv(): Promise<{ database: Database; where: string; env: Env }> {
  const env = loadEnv();
  if (!env.DATABASE_URL && pgliteImportPending(path.resolve(env.DATA_DIR)))
    throw new Error(
      `${path.resolve(env.DATA_DIR)} holds a PGlite database not yet moved into the embedded PostgreSQL: ` +
        'start the app once (npm start), which imports it, then run this again.',
    );
  const database = await openDb(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } : { dataDir: env.DATA_DIR },
  );
  try {
    await runMigrations(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  const where = env.DATABASE_URL
    ? `PostgreSQL ${redactPassword(env.DATABASE_URL)}`
    : `the embedded PostgreSQL in ${path.resolve(env.DATA_DIR)}`;
  return { database, where, env };
}

function redactPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
