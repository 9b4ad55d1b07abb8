// Cost and throughput of the signed-in calls staff make all day, against the compiled server
// (`node dist/server/main.js`, as `npm start` runs it) with many clients at once: calls/s, p50/p99,
// server CPU per call and database statements per call. See bench/README.md, "Calls under many
// clients" (issue 19 item 5, ADR 037). Arrivals at a fixed rate (open loop) are bench/open-loop.ts.
//
//   npx tsx bench/calls.ts                  # the embedded PostgreSQL, then the machine's
//   npx tsx bench/calls.ts postgres         # one of them
//   BENCH_CALLS_CASES=list,search npx tsx bench/calls.ts embedded
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { casesFor, prepare, seed, statementsPerCall, type Case } from './lib/calls-setup.ts';
import { cleanupAll, installCleanupHandlers } from './lib/cleanup.ts';
import { measure, type LoadResult } from './lib/load.ts';
import { repoRoot, request, signIn, spawnApp, waitFor200 } from './lib/server.ts';
import { fmt, table } from './lib/table.ts';

const LEADS = Number(process.env.BENCH_CALLS_LEADS ?? 64);
const CONNECTIONS = Number(process.env.BENCH_CALLS_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const DB_NAME = process.env.BENCH_CALLS_DB ?? 'bench_calls';
const CASE_NAMES = (process.env.BENCH_CALLS_CASES ?? 'user,list,view,search,detail').split(',');

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
  const prepared = await prepare(kind, DB_NAME);
  const rows: Row[] = [];
  try {
    const { database } = prepared;
    const seeded = await seed(database, LEADS);
    console.log(`${prepared.where}: ${seeded.leads} leads, ${seeded.timelineEntries} timeline entries`);
    const cases = await casesFor(database, CASE_NAMES);
    const captured = await statementsPerCall(database, cases);
    const statements = Object.fromEntries(
      Object.entries(captured).map(([name, qs]) => [name, qs.map((q) => q.sql.replace(/\s+/g, ' ').slice(0, 160))]),
    );
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
