// The database is the limit (issue 28 item 5): the leads list, search and detail through the app
// at saturation (autocannon, closed loop, 200 connections, signed in) against the same SQL
// statements, with the same parameters, driven by pgbench against the same server and database on
// the same machine. Target: app calls/s >= 0.5 x pgbench transactions/s (one transaction of the
// script = the statements of one call). bench/README.md, "The app against pgbench".
//
//   npx tsx bench/pgbench-compare.ts              # the machine's PostgreSQL (a fresh database)
//   npx tsx bench/pgbench-compare.ts embedded     # the embedded PostgreSQL, through its socket
//   BENCH_PGBENCH_CLIENTS=10,50 npx tsx bench/pgbench-compare.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { casesFor, prepare, seed, statementsPerCall, type Case } from './lib/calls-setup.ts';
import { cleanupAll, installCleanupHandlers, makeTempDir } from './lib/cleanup.ts';
import { measure, type LoadResult } from './lib/load.ts';
import { runPgbench, writeScript, type PgbenchResult, type Script } from './lib/pgbench.ts';
import { repoRoot, request, signIn, spawnApp, waitFor200 } from './lib/server.ts';
import { fmt, table } from './lib/table.ts';

const LEADS = Number(process.env.BENCH_CALLS_LEADS ?? 64);
const CONNECTIONS = Number(process.env.BENCH_CALLS_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
/**
 * pgbench's clients: by default the app's own number of database connections (DATABASE_POOL_SIZE,
 * 10); the best of the counts given is the database's throughput the app is compared with.
 */
const PGBENCH_CLIENTS = (process.env.BENCH_PGBENCH_CLIENTS ?? '10')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const CASE_NAMES = (process.env.BENCH_CALLS_CASES ?? 'list,search,detail').split(',');
const RATIO_TARGET = 0.5;

interface Row {
  case: Case;
  statements: string[];
  pgbench: Omit<PgbenchResult, 'output'>[];
  app: LoadResult;
  ratio: number;
}

const best = (runs: Omit<PgbenchResult, 'output'>[]) => Math.max(...runs.map((r) => r.tps));

async function main(kind: 'embedded' | 'postgres') {
  const prepared = await prepare(kind, 'bench_pgbench');
  const rows: Row[] = [];
  try {
    const { database } = prepared;
    const seeded = await seed(database, LEADS);
    console.log(`${prepared.where}: ${seeded.leads} leads, ${seeded.timelineEntries} timeline entries`);
    const cases = await casesFor(database, CASE_NAMES);
    const captured = await statementsPerCall(database, cases);
    const dir = makeTempDir('pgbench');
    const scripts: Record<string, Script> = {};
    const pgbench: Record<string, Omit<PgbenchResult, 'output'>[]> = {};
    // The URL the app itself uses: for the embedded server, its Unix socket and generated password.
    const url = database.url!;
    for (const c of cases) {
      const script = writeScript(dir, c.name, captured[c.name]!);
      scripts[c.name] = script;
      console.log(`\n${c.what}: ${captured[c.name]!.length} statement(s) per call, pgbench script:\n${script.text}`);
      await runPgbench(url, script, Math.max(...PGBENCH_CLIENTS), WARMUP_S); // warm-up, discarded
      pgbench[c.name] = [];
      for (const clients of PGBENCH_CLIENTS) {
        const r = await runPgbench(url, script, clients, DURATION_S);
        const { output: _output, ...kept } = r;
        pgbench[c.name]!.push(kept);
        console.log(
          `  pgbench -M prepared, ${clients} clients, ${DURATION_S} s: ${fmt(r.tps)} calls/s (tps), latency average ${r.latencyAvgMs} ms, ${r.failed} failed; load average ${os
            .loadavg()
            .map((n) => n.toFixed(2))
            .join(' ')}`,
        );
      }
    }
    // One app per DATA_DIR (ADR 048): the server needs the directory to itself.
    if (kind === 'embedded') await database.close();

    const server = await spawnApp(prepared.backend);
    try {
      await waitFor200(server, '/api/health');
      const cookie = await signIn(server);
      for (const c of cases) {
        const check = await request(server.baseUrl + c.path, { headers: { cookie } });
        if (check.status !== 200) throw new Error(`${c.path} answered ${check.status}: ${check.body.slice(0, 200)}`);
        const app = await measure(
          server.baseUrl + c.path,
          { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, headers: { cookie } },
          server.pid,
        );
        server.assertAlive();
        const ratio = app.requestsPerSec / best(pgbench[c.name]!);
        const bad = app.non2xx + app.errors + app.timeouts;
        rows.push({
          case: c,
          statements: scripts[c.name]!.text.trim().split('\n'),
          pgbench: pgbench[c.name]!,
          app,
          ratio,
        });
        console.log(
          `  ${c.what}: app ${fmt(app.requestsPerSec)} calls/s (${CONNECTIONS} connections), pgbench best ${fmt(best(pgbench[c.name]!))}: ` +
            `ratio ${fmt(ratio, 2)} ${ratio >= RATIO_TARGET && !bad ? 'PASS' : 'FAIL'} (>= ${RATIO_TARGET}); server ${fmt(app.serverCpuPct)}% of a core, ` +
            `other processes (the database among them) ${fmt(app.otherCpuPct)}%; load average ${app.loadAvgBefore.join(' ')}` +
            (bad ? `; ${bad} failed calls` : ''),
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
const kind = process.argv[2] === 'embedded' ? 'embedded' : 'postgres';
let rows: Row[];
try {
  rows = await main(kind);
} finally {
  await cleanupAll();
}
console.log(
  '\n' +
    table(
      ['Call', 'statements', 'pgbench calls/s (clients)', 'app calls/s', 'app/pgbench', 'result'],
      rows.map((r) => [
        r.case.what,
        String(r.statements.length),
        r.pgbench.map((p) => `${fmt(p.tps)} (${p.clients})`).join(', '),
        fmt(r.app.requestsPerSec),
        fmt(r.ratio, 2),
        r.ratio >= RATIO_TARGET && !(r.app.non2xx + r.app.errors + r.app.timeouts) ? 'PASS' : 'FAIL',
      ]),
    ),
);
const out = path.join(repoRoot, 'bench', 'results');
mkdirSync(out, { recursive: true });
const file = path.join(out, `pgbench-compare-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
const settings = {
  kind,
  leads: LEADS,
  connections: CONNECTIONS,
  durationS: DURATION_S,
  warmupS: WARMUP_S,
  pgbenchClients: PGBENCH_CLIENTS,
};
writeFileSync(file, JSON.stringify({ settings, cpus: os.cpus().length, loadavg: os.loadavg(), rows }, null, 2) + '\n');
console.log(`\nresults in ${path.relative(repoRoot, file)}`);
