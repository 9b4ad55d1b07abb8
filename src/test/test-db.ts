import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDb, type Database } from '#server/db/client.ts';
import { withDatabase } from './global-setup.ts';

/**
 * Every run is on PostgreSQL now (the embedded server or TEST_DATABASE_URL, ADR 048); kept for
 * tests that still ask.
 */
export const onPostgres = () => true;

/** Whether this run uses the embedded server of src/test/global-setup.ts (no TEST_DATABASE_URL). */
export const onEmbedded = () => !process.env.TEST_DATABASE_URL;

/**
 * A fresh, migrated database owned by one test file: a new PostgreSQL database copied from the
 * run's template. close() throws it away.
 */
export async function createTestDatabase(): Promise<Database> {
  const pgTemplate = inject('pgTemplate');
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
