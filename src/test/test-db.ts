import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDb, type Database } from '#server/db/client.ts';
import { withDatabase } from './global-setup.ts';

/** Whether this run's integration tests use PostgreSQL (TEST_DATABASE_URL) rather than PGlite. */
export const onPostgres = () => inject('pgTemplate') !== null;

/**
 * A fresh, migrated database owned by one test file: a PGlite clone of the snapshot, or a new
 * PostgreSQL database copied from the template. close() throws it away.
 */
export async function createTestDatabase(): Promise<Database> {
  const pgTemplate = inject('pgTemplate');
  if (!pgTemplate) {
    const snapshot = readFileSync(inject('pgliteSnapshot'));
    return openDb({ inMemory: true, loadDataDir: new Blob([snapshot]) });
  }
  const name = `${pgTemplate.prefix}f_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgTemplate.url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${pgTemplate.template}`);
  } finally {
    await admin.end();
  }
  const database = await openDb({ databaseUrl: withDatabase(pgTemplate.url, name), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: pgTemplate.url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
