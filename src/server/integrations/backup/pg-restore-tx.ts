import pg from 'pg';
import { localMigrations } from '#server/db/migrate.ts';
import { RestoreFailure, messageOf, type RestoreVerify } from './driver.ts';

/** Where a PostgreSQL driver connects: a connection string, a client config, or a pool to borrow from. */
export type PgSource = string | pg.ClientConfig | pg.Pool;

/** A client of its own (a transaction and COPY streams need one connection); release() gives it back. */
export async function connectClient(source: PgSource): Promise<{ client: pg.ClientBase; release(): Promise<void> }> {
  if (source instanceof pg.Pool) {
    const client = await source.connect();
    return {
      client,
      release: async () => {
        // A connection that saw an error (or a transaction we could not close) is not reused.
        client.release(true);
      },
    };
  }
  const client = new pg.Client(typeof source === 'string' ? { connectionString: source } : source);
  client.on('error', () => {}); // a dropped connection surfaces on the next query, never as a crash
  await client.connect();
  return { client, release: () => client.end().catch(() => {}) };
}

/**
 * Applies the migrations not yet recorded in drizzle.__drizzle_migrations, exactly as drizzle's
 * migrator does (same table, same rows), but on this client, inside the caller's transaction:
 * drizzle's own migrator opens a transaction of its own, which would commit ours.
 */
export async function applyMigrationsInTransaction(client: pg.ClientBase, upTo = Infinity): Promise<number> {
  await client.query('CREATE SCHEMA IF NOT EXISTS "drizzle"');
  await client.query(
    'CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
  );
  const { rows } = await client.query<{ created_at: string }>(
    'select created_at from "drizzle"."__drizzle_migrations" order by created_at desc limit 1',
  );
  const last = rows[0] ? Number(rows[0].created_at) : -Infinity;
  let applied = 0;
  for (const m of localMigrations()) {
    if (m.folderMillis <= last || m.folderMillis > upTo) continue;
    for (const stmt of m.sql) await client.query(stmt);
    await client.query('insert into "drizzle"."__drizzle_migrations" ("hash", "created_at") values ($1, $2)', [
      m.hash,
      m.folderMillis,
    ]);
    applied++;
  }
  return applied;
}

/**
 * A restore on PostgreSQL, all or nothing (ADR 050): one transaction empties the schemas, `load`
 * fills them, the newer migrations run, `verify` checks the result, and only then COMMIT. Any
 * failure rolls back: PostgreSQL's DDL is transactional, so the live data never changed.
 */
export async function restoreInOneTransaction(
  source: PgSource,
  load: (client: pg.ClientBase) => Promise<void>,
  verify: RestoreVerify,
): Promise<void> {
  let conn;
  try {
    conn = await connectClient(source);
  } catch (err) {
    throw new RestoreFailure(`the database cannot be reached: ${messageOf(err)}`);
  }
  const { client } = conn;
  let stage = 'the restore could not start';
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL lock_timeout = '30s'`);
    await client.query('DROP SCHEMA IF EXISTS "drizzle" CASCADE');
    await client.query('DROP SCHEMA IF EXISTS "public" CASCADE');
    await client.query('CREATE SCHEMA "public"');
    stage = 'the backup could not be loaded';
    await load(client);
    // A pg_dump script empties the search path for its session; the app's SQL expects public.
    await client.query(`SELECT pg_catalog.set_config('search_path', 'public', true)`);
    stage = 'the migrations failed on the restored data';
    await applyMigrationsInTransaction(client);
    stage = 'the restored data failed its check';
    await verify((text) => client.query<Record<string, unknown>>(text));
    stage = 'the restore could not be committed';
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw new RestoreFailure(`${stage}: ${messageOf(err)}`);
  } finally {
    await conn.release();
  }
}
