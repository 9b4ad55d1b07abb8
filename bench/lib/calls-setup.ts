// The database, seed data and cases that bench/calls.ts, bench/open-loop.ts and
// bench/pgbench-compare.ts share: a fresh embedded PostgreSQL (or a fresh database on the machine's
// PostgreSQL) with the bench admin and LEADS seeded leads, opened in this process with the query
// log, and the signed-in calls staff make all day.
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { openDb, type Database } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { seedBench } from '#server/db/seed/seed-bench.ts';
import { hashPassword } from '#server/lib/password.ts';
import { createLocalHub } from '#server/realtime/hub.ts';
import { insertUser } from '#server/modules/users/users.repository.ts';
import { makeTempDir, removeTempDir } from './cleanup.ts';
import { captureQueries, queryLog, type CapturedQuery } from './query-log.ts';
import { freshDatabase } from './pg.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, type Backend } from './server.ts';

/** The list's default view in the web app (ADR 012): the open statuses, both sources. */
export const DEFAULT_VIEW = 'status=requested,quoted,clarifying,waiting,contacted&source=geral,comercial';

export interface Case {
  name: string;
  what: string;
  path: string;
}

export interface Prepared {
  database: Database;
  where: string;
  dispose: () => Promise<void>;
  backend: Backend;
}

/** A fresh, migrated database opened in this process with the query log. */
export async function prepare(kind: Backend['kind'], dbName: string): Promise<Prepared> {
  if (kind === 'embedded') {
    const dir = makeTempDir('calls');
    const database = await openDb({ dataDir: dir, logger: queryLog });
    await runMigrations(database);
    return {
      database,
      where: `embedded PostgreSQL in ${dir}`,
      backend: { kind, dataDir: dir },
      dispose: async () => {
        await database.close().catch(() => {});
        removeTempDir(dir);
      },
    };
  }
  const fresh = await freshDatabase(dbName);
  const database = await openDb({ databaseUrl: fresh.url, poolSize: 4, logger: queryLog });
  await runMigrations(database);
  return {
    database,
    where: `PostgreSQL database ${dbName}`,
    backend: { kind, databaseUrl: fresh.url },
    dispose: async () => {
      await database.close().catch(() => {});
      await fresh.drop();
    },
  };
}

/** The bench admin (bench/lib/server.ts signs in as it) and `leads` seeded leads, then vacuum analyze. */
export async function seed(database: Database, leads: number) {
  await insertUser(database.db, {
    username: ADMIN_USERNAME,
    password: await hashPassword(ADMIN_PASSWORD),
    role: 'admin',
    email: 'bench@example.pt',
    firstName: 'Bench',
  });
  const seeded = await seedBench(database.db, { count: leads });
  await database.db.execute(sql`vacuum analyze`);
  return seeded;
}

/** The cases named in `names`, with ids and a search term taken from the seeded data. */
export async function casesFor(database: Database, names: string[]): Promise<Case[]> {
  const { rows } = (await database.db.execute(
    sql`select id, last_name from leads where last_name is not null order by id limit 1`,
  )) as unknown as { rows: { id: number; last_name: string }[] };
  const first = rows[0];
  if (!first) throw new Error('no lead with a last name was seeded');
  const term = encodeURIComponent(first.last_name.toLowerCase().slice(0, 5));
  const all: Case[] = [
    { name: 'user', what: 'GET /api/auth/user', path: '/api/auth/user' },
    { name: 'list', what: 'GET /api/leads (no filter)', path: '/api/leads' },
    { name: 'view', what: 'GET /api/leads, default view', path: `/api/leads?${DEFAULT_VIEW}` },
    {
      name: 'search',
      what: `GET /api/leads?search=${term}, default view`,
      path: `/api/leads?search=${term}&${DEFAULT_VIEW}`,
    },
    { name: 'detail', what: 'GET /api/leads/{id}', path: `/api/leads/${first.id}` },
  ];
  return all.filter((c) => names.includes(c.name));
}

/**
 * The statements (with their parameters) each call sends to the database, captured in this
 * process with the same app (buildApp + inject), signed in, on the second call of each case (the
 * first fills the session cache).
 */
export async function statementsPerCall(database: Database, cases: Case[]): Promise<Record<string, CapturedQuery[]>> {
  const { app } = await buildApp({
    database,
    hub: createLocalHub(),
    env: {
      TRUST_PROXY: false,
      SESSION_TTL_DAYS: 30,
      SESSION_IDLE_DAYS: 7,
      LOGIN_RATE_LIMIT_PER_MINUTE: 1000,
      ISV_RATE_LIMIT_PER_MINUTE: 1000,
    },
    webRoot: '/nonexistent-web-root',
  });
  try {
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    });
    const sid = login.cookies.find((c) => c.name === 'sid');
    if (!sid) throw new Error(`in-process sign-in failed: ${login.statusCode} ${login.body}`);
    const headers = { cookie: `sid=${sid.value}` };
    const out: Record<string, CapturedQuery[]> = {};
    for (const c of cases) {
      await app.inject({ method: 'GET', url: c.path, headers });
      out[c.name] = await captureQueries(async () => {
        const res = await app.inject({ method: 'GET', url: c.path, headers });
        if (res.statusCode !== 200) throw new Error(`${c.path} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      });
    }
    return out;
  } finally {
    await app.close();
  }
}
