// Cost and throughput of the signed-in calls staff make all day, against the compiled server
// (`node dist/server/main.js`, as `npm start` runs it) with many clients at once: calls/s, p50/p99,
// server CPU per call and database statements per call. See bench/README.md, "Calls under many
// clients" (issue 19 item 5, ADR 037).
//
//   npx tsx bench/calls.ts                  # the embedded PostgreSQL, then the machine's
//   npx tsx bench/calls.ts postgres         # one of them
//   BENCH_CALLS_CASES=list,search npx tsx bench/calls.ts embedded
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '#server/app.ts';
import { openDb, type Database } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { seedBench } from '#server/db/seed/seed-bench.ts';
import { hashPassword } from '#server/lib/password.ts';
import { createLocalHub } from '#server/realtime/hub.ts';
import { insertUser } from '#server/modules/users/users.repository.ts';
import { cleanupAll, installCleanupHandlers, makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { captureQueries, queryLog } from './lib/query-log.ts';
import { measure, type LoadResult } from './lib/load.ts';
import { freshDatabase } from './lib/pg.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, repoRoot, request, signIn, spawnApp, waitFor200 } from './lib/server.ts';
import { fmt, table } from './lib/table.ts';

const LEADS = Number(process.env.BENCH_CALLS_LEADS ?? 64);
const CONNECTIONS = Number(process.env.BENCH_CALLS_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
/** BENCH_CALLS_OPEN_LOOP=1: after each case's saturation run, arrivals at half that rate (issue 28). */
const OPEN_LOOP = process.env.BENCH_CALLS_OPEN_LOOP === '1';
const OPEN_LOOP_P99_MS = 50;
const DB_NAME = process.env.BENCH_CALLS_DB ?? 'bench_calls';
const CASE_NAMES = (process.env.BENCH_CALLS_CASES ?? 'user,list,view,search,detail').split(',');

/** The list's default view in the web app (ADR 012): the open statuses, both sources. */
const DEFAULT_VIEW = 'status=requested,quoted,clarifying,waiting,contacted&source=geral,comercial';

interface Case {
  name: string;
  what: string;
  path: string;
}

interface Prepared {
  database: Database;
  where: string;
  dispose: () => Promise<void>;
  backend: { kind: 'embedded'; dataDir: string } | { kind: 'postgres'; databaseUrl: string };
}

async function prepare(kind: 'embedded' | 'postgres'): Promise<Prepared> {
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
  const fresh = await freshDatabase(DB_NAME);
  const database = await openDb({ databaseUrl: fresh.url, poolSize: 4, logger: queryLog });
  await runMigrations(database);
  return {
    database,
    where: `PostgreSQL database ${DB_NAME}`,
    backend: { kind, databaseUrl: fresh.url },
    dispose: async () => {
      await database.close().catch(() => {});
      await fresh.drop();
    },
  };
}

/** The cases, with ids and a search term taken from the seeded data. */
async function casesFor(database: Database): Promise<Case[]> {
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
  return all.filter((c) => CASE_NAMES.includes(c.name));
}

/** Statements each call sends to the database, counted in this process with the same app (buildApp + inject). */
async function statementsPerCall(database: Database, cases: Case[]): Promise<Record<string, string[]>> {
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
    const out: Record<string, string[]> = {};
    for (const c of cases) {
      // The first call fills the session cache; the second is what a signed-in client costs.
      await app.inject({ method: 'GET', url: c.path, headers });
      const captured = await captureQueries(async () => {
        const res = await app.inject({ method: 'GET', url: c.path, headers });
        if (res.statusCode !== 200) throw new Error(`${c.path} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      });
      out[c.name] = captured.map((q) => q.sql.replace(/\s+/g, ' ').slice(0, 160));
    }
    return out;
  } finally {
    await app.close();
  }
}

/** Transactions committed in the database (every autocommit statement is one): PostgreSQL only. */
async function committedTransactions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>(
      'select xact_commit::text as n from pg_stat_database where datname = current_database()',
    );
    return Number(r.rows[0]!.n);
  } finally {
    await client.end();
  }
}

interface Row {
  backend: string;
  case: Case;
  statements: string[];
  load: LoadResult;
  /** PostgreSQL: transactions the server committed per answered call, from pg_stat_database. */
  transactionsPerCall: number | null;
}

async function benchBackend(kind: 'embedded' | 'postgres'): Promise<Row[]> {
  console.log(`\n== ${kind}: ${LEADS} leads, ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s ==`);
  const prepared = await prepare(kind);
  const rows: Row[] = [];
  try {
    const { database } = prepared;
    await insertUser(database.db, {
      username: ADMIN_USERNAME,
      password: await hashPassword(ADMIN_PASSWORD),
      role: 'admin',
      email: 'bench@example.pt',
      firstName: 'Bench',
    });
    const seeded = await seedBench(database.db, { count: LEADS });
    await database.db.execute(sql`vacuum analyze`);
    console.log(`${prepared.where}: ${seeded.leads} leads, ${seeded.timelineEntries} timeline entries`);
    const cases = await casesFor(database);
    const statements = await statementsPerCall(database, cases);
    // One app per DATA_DIR (ADR 048): the server needs the directory to itself.
    if (kind === 'embedded') await database.close();

    const server = await spawnApp(prepared.backend);
    try {
      await waitFor200(server, '/api/health');
      const cookie = await signIn(server);
      for (const c of cases) {
        const check = await request(server.baseUrl + c.path, { headers: { cookie } });
        if (check.status !== 200) throw new Error(`${c.path} answered ${check.status}: ${check.body.slice(0, 200)}`);
        const pgUrl = prepared.backend.kind === 'postgres' ? prepared.backend.databaseUrl : null;
        const before = pgUrl ? await committedTransactions(pgUrl) : 0;
        const load = await measure(
          server.baseUrl + c.path,
          { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, headers: { cookie } },
          server.pid,
        );
        server.assertAlive();
        const after = pgUrl ? await committedTransactions(pgUrl) : 0;
        if (OPEN_LOOP) {
          const rate = Math.max(1, Math.round(load.requestsPerSec / 2));
          const open = await measure(
            server.baseUrl + c.path,
            { connections: CONNECTIONS, durationS: DURATION_S, warmupS: 0, headers: { cookie }, overallRate: rate },
            server.pid,
          );
          server.assertAlive();
          console.log(
            `  ${c.what}, open loop at ${rate} calls/s (half of saturation): ${fmt(open.requestsPerSec)} answered/s, ` +
              `p50 ${open.latencyMs.p50} ms, p99 ${open.latencyMs.p99} ms ` +
              `${open.latencyMs.p99 <= OPEN_LOOP_P99_MS ? 'PASS' : 'FAIL'} (<= ${OPEN_LOOP_P99_MS} ms); ` +
              `non-2xx ${open.non2xx}; other processes ${fmt(open.otherCpuPct)}% of a core, load average ${open.loadAvgBefore.join(' ')}`,
          );
        }
        // The counter also takes the warm-up run and the check above: divide by all their calls.
        const transactionsPerCall = pgUrl
          ? (after - before - 1) / (load.requestsTotal * (1 + WARMUP_S / DURATION_S))
          : null;
        const row: Row = { backend: kind, case: c, statements: statements[c.name] ?? [], load, transactionsPerCall };
        rows.push(row);
        console.log(
          `  ${c.what}: ${fmt(load.requestsPerSec)} calls/s, p50 ${load.latencyMs.p50} ms, p99 ${load.latencyMs.p99} ms, ` +
            `server ${fmt(load.serverCpuPerRequestUs)} µs CPU/call, ${row.statements.length} statements/call` +
            (transactionsPerCall !== null ? ` (${fmt(transactionsPerCall, 2)} transactions/call)` : '') +
            `; non-2xx ${load.non2xx}, errors ${load.errors + load.timeouts}; other processes ${fmt(load.otherCpuPct)}% ` +
            `of a core, load average ${load.loadAvgBefore.join(' ')}`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await prepared.dispose();
  }
  return rows;
}

installCleanupHandlers();
const backends = (process.argv.slice(2).length ? process.argv.slice(2) : ['embedded', 'postgres']) as (
  'embedded' | 'postgres'
)[];
const all: Row[] = [];
try {
  for (const kind of backends) all.push(...(await benchBackend(kind)));
} finally {
  await cleanupAll();
}

console.log(
  '\n' +
    table(
      ['Database', 'Call', 'calls/s', 'p50 ms', 'p99 ms', 'CPU µs/call', 'statements', 'non-2xx', 'other CPU %'],
      all.map((r) => [
        r.backend,
        r.case.what,
        fmt(r.load.requestsPerSec),
        String(r.load.latencyMs.p50),
        String(r.load.latencyMs.p99),
        fmt(r.load.serverCpuPerRequestUs),
        String(r.statements.length),
        String(r.load.non2xx + r.load.errors + r.load.timeouts),
        fmt(r.load.otherCpuPct),
      ]),
    ),
);
for (const r of all)
  if (r.statements.length) console.log(`\n${r.backend} ${r.case.name}:\n  ${r.statements.join('\n  ')}`);
const dir = path.join(repoRoot, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `calls-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      leads: LEADS,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      cpus: os.cpus().length,
      loadavg: os.loadavg(),
      rows: all,
    },
    null,
    2,
  ) + '\n',
);
console.log(`\nresults in ${path.relative(repoRoot, file)}`);
