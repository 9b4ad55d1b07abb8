import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, Logger } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { acquireDirLock } from './dir-lock.ts';
import { StatementNamingPool } from './statement-naming-pool.ts';
import { startEmbeddedPostgres, type EmbeddedLog, type EmbeddedServer } from './embedded/embedded-server.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repository functions take this first: the root handle or a transaction's own handle. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  /** Always PostgreSQL: the embedded server (ADR 048) or DATABASE_URL. */
  kind: 'postgres';
  /** PostgreSQL: connection string (the event hub and migrations open their own clients). */
  url?: string;
  /** The embedded server the app started (no DATABASE_URL, ADR 048), and where it lives. */
  embedded?: Pick<EmbeddedServer, 'pgdata' | 'socketDir' | 'adminUrl' | 'started'> & { dataDir: string };
  close(): Promise<void>;
}

export interface OpenDbOptions {
  databaseUrl?: string;
  /** No DATABASE_URL: the embedded PostgreSQL server in this DATA_DIR (ADR 048). */
  dataDir?: string;
  /** Where the embedded server's start, reuse and stop are logged. */
  log?: EmbeddedLog;
  poolSize?: number;
  /** Sees every statement drizzle sends, transactions included (drizzle's public `logger` option; benchmarks count them). */
  logger?: Logger;
  /** false: every statement unnamed, parsed and planned on each run (benchmarks compare; ADR 073). */
  nameStatements?: boolean;
}

function poolDatabase(url: string, opts: OpenDbOptions, close: (pool: pg.Pool) => Promise<void>) {
  // Statements run again and again go as named prepared statements (ADR 073).
  const Pool = opts.nameStatements === false ? pg.Pool : StatementNamingPool;
  const pool = new Pool({ connectionString: url, max: opts.poolSize ?? 10 });
  pool.on('error', () => {}); // idle-client errors surface on the next query instead of crashing
  const db = drizzle(pool, {
    schema,
    casing: 'snake_case',
    ...(opts.logger ? { logger: opts.logger } : {}),
  }) as unknown as Db;
  return { pool, db, close: () => close(pool) };
}

export async function openDb(opts: OpenDbOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { pool, db, close } = poolDatabase(opts.databaseUrl, opts, (p) => p.end());
    await pool.query('select 1').catch(async (err: unknown) => {
      await pool.end();
      throw err;
    });
    return { db, kind: 'postgres', url: opts.databaseUrl, close };
  }

  const dataDir = path.resolve(opts.dataDir ?? './data');
  mkdirSync(dataDir, { recursive: true });
  // One app per data directory: it owns the server's lifecycle (ADR 048).
  const lock = acquireDirLock(path.join(dataDir, 'postgres.lock'), dataDir);
  let server: EmbeddedServer | undefined;
  try {
    server = await startEmbeddedPostgres({ dataDir, log: opts.log });
    const running = server;
    const { db, close } = poolDatabase(running.url, opts, async (pool) => {
      try {
        await pool.end();
        await running.stop();
      } finally {
        lock.release();
      }
    });
    const { pgdata, socketDir, adminUrl, started } = running;
    return {
      db,
      kind: 'postgres',
      url: running.url,
      embedded: { dataDir, pgdata, socketDir, adminUrl, started },
      close,
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}
