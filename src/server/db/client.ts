import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { initializeInChildProcess } from './init-pglite.ts';
import path from 'node:path';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { acquireDirLock } from './dir-lock.ts';
import { keptPlans } from './kept-plans.ts';
import { keepFileSizes } from './pglite-file-sizes.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repository functions take this first: the root handle or a transaction's own handle. */
export type DbOrTx = Db | Tx;

/**
 * PostgreSQL's default 128 MB of shared buffers is allocated and zeroed up front inside PGlite's
 * WebAssembly memory; 16 MB keeps the process under its memory target (bench/README.md) and the
 * operating system's file cache still holds the data files.
 */
export const PGLITE_CONF = ['shared_buffers = 16MB'];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: connection string, so the event hub can open its own LISTEN client. */
  url?: string;
  /** PGlite only: the instance now serving (backups and tests need it; a restore replaces it). */
  pglite?: PGlite;
  /** PGlite on disk only: its data directory. */
  pgliteDir?: string;
  /**
   * PGlite only: serve from another database from now on (a restore, ADR 030): an opened in-memory
   * instance, or (on disk) a prepared data directory that takes the place of the current one.
   * The caller has stopped requests; on failure the current data keeps serving.
   */
  replacePglite?(next: PGlite | string): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** Tests clone a migrated snapshot instead of running migrations again. */
  loadDataDir?: Blob | File;
  /** In-memory PGlite (tests): no directory, no lock. */
  inMemory?: boolean;
  poolSize?: number;
}

export async function openDb(opts: OpenDbOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    pool.on('error', () => {}); // idle-client errors surface on the next query instead of crashing
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return { db, kind: 'postgres', url: opts.databaseUrl, close: () => pool.end() };
  }

  if (opts.inMemory) {
    const holder = switchable(await PGlite.create({ extensions: { pg_trgm }, loadDataDir: opts.loadDataDir }));
    const db = drizzlePglite(holder.proxy, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      get pglite() {
        return holder.current;
      },
      async replacePglite(next) {
        if (typeof next === 'string') throw new Error('an in-memory database is replaced by an instance');
        const old = holder.current;
        await old.query('select 1'); // waits for the queries already queued
        holder.current = next;
        await old.close();
      },
      close: () => holder.current.close(),
    };
  }

  const dataDir = path.resolve(opts.dataDir ?? './data');
  mkdirSync(dataDir, { recursive: true });
  // PGlite is single-process: a second instance on the same directory would corrupt it.
  const lock = acquireDirLock(path.join(dataDir, 'pglite.lock'), path.join(dataDir, 'pglite'));
  try {
    const dir = path.join(dataDir, 'pglite');
    // A first start creates the cluster (initdb + migrations) in a short-lived child process: the
    // WebAssembly memory that initdb grows to (~900 MB) is never returned, so it must not be ours.
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initializeInChildProcess(dir);
    const open = async (where: string) => {
      const instance = await PGlite.create(where, { extensions: { pg_trgm }, postgresqlconf: PGLITE_CONF });
      keepFileSizes(instance); // ADR 045
      return instance;
    };
    const holder = switchable(await open(dir));
    const db = drizzlePglite(holder.proxy, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      get pglite() {
        return holder.current;
      },
      pgliteDir: dir,
      async replacePglite(next) {
        if (typeof next !== 'string') throw new Error('a database on disk is replaced by a prepared directory');
        const old = holder.current;
        await old.query('select 1'); // waits for the queries already queued
        await old.close();
        const aside = `${dir}.before-restore`;
        rmSync(aside, { recursive: true, force: true });
        renameSync(dir, aside);
        try {
          renameSync(next, dir);
          holder.current = await open(dir);
        } catch (err) {
          // Put the previous directory back and serve it again.
          rmSync(dir, { recursive: true, force: true });
          renameSync(aside, dir);
          holder.current = await open(dir);
          throw err;
        }
        rmSync(aside, { recursive: true, force: true });
      },
      close: async () => {
        await holder.current.close();
        lock.release();
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/**
 * The PGlite the drizzle handle talks to, behind a stable object: a restore swaps the instance
 * without rebuilding the services that hold `db` (ADR 030).
 */
function switchable(initial: PGlite) {
  const turns = turnTaking();
  const plans = keptPlans();
  // The calls that run a statement or a transaction on PGlite's one connection, on the instance
  // serving when they start: they take turns (ADR 042), and query and transactions keep their
  // statements (ADR 043). Wrapped once, not on every property read.
  const statementCalls = new Map<string | symbol, (...a: unknown[]) => Promise<unknown>>([
    [
      'query',
      turns.wrap((...a: unknown[]) =>
        plans.query(holder.current, a[0] as string, a[1] as unknown[] | undefined, a[2] as QueryOptions | undefined),
      ),
    ],
    [
      'transaction',
      turns.wrap((...a: unknown[]) => plans.transaction(holder.current, a[0] as (tx: Transaction) => Promise<unknown>)),
    ],
    ['exec', turns.wrap((...a: unknown[]) => holder.current.exec(...(a as Parameters<PGlite['exec']>)))],
  ]);
  const holder = {
    current: initial,
    proxy: new Proxy({} as PGlite, {
      get(_target, prop) {
        const value: unknown = Reflect.get(holder.current, prop, holder.current);
        if (typeof value !== 'function') return value;
        return statementCalls.get(prop) ?? (value as (...a: unknown[]) => unknown).bind(holder.current);
      },
    }),
  };
  return holder;
}

/**
 * PGlite runs each statement synchronously on the main thread, and its own queue starts the next
 * statement as a microtask when one ends: under load a whole queue of statements ran in one
 * event-loop turn (300 queued statements: half a second with no timer fired, no connection
 * accepted and no request read; bench/README.md "PGlite turn-taking"). The app's statements
 * therefore go through this queue: first come, first served as before, but each one starts in an
 * event-loop turn of its own (setImmediate), so I/O and timers run between any two statements. A
 * transaction is one entry: its own statements run on its handle, outside this queue.
 */
function turnTaking() {
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;
  /** When this event-loop turn's first statement started; null until one does. */
  let turnStartedAt: number | null = null;
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const settled = () => {
    pending -= 1;
  };
  /** Whether a statement may still start in this turn: within its first STATEMENT_TURN_MS. */
  const turnHasRoom = () => {
    const now = performance.now();
    if (turnStartedAt === null) {
      turnStartedAt = now;
      setImmediate(() => (turnStartedAt = null));
    }
    return now - turnStartedAt < STATEMENT_TURN_MS;
  };
  return {
    wrap<T>(call: (...a: unknown[]) => Promise<T>) {
      return (...args: unknown[]): Promise<T> => {
        // Nothing queued and the turn still young: start at once (a lone caller such as the mail
        // import runs statement after statement without waiting); otherwise queue for a turn.
        const run = pending === 0 && turnHasRoom() ? call(...args) : tail.then(nextTurn).then(() => call(...args));
        pending += 1;
        tail = run.then(settled, settled);
        return run;
      };
    },
  };
}

/** How long statements may keep one event-loop turn before the rest wait for the next. */
const STATEMENT_TURN_MS = 4;
