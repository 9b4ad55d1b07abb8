// The database is the limit (issue 28 item 5): the leads list, search and detail through the app
// at saturation (autocannon, closed loop, 200 connections, signed in) against the same SQL
// statements, with the same parameters, driven by pgbench against the same server and database on
// the same machine. Target: app calls/s >= 0.5 x pgbench transactions/s (one transaction of the
// script = the statements of one call). bench/README.md, "The app against pgbench".
//
//   npx tsx bench/pgbench-compare.ts              # the embedded PostgreSQL, through its socket
//   npx tsx bench/pgbench-compare.ts postgres     # the machine's PostgreSQL (a fresh database)
//   BENCH_PGBENCH_CLIENTS=10,50 npx tsx bench/pgbench-compare.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { casesFor, prepare, seed, statementsPerCall, type Case } from './lib/calls-setup.ts';
import { cleanupAll, installCleanupHandlers, makeTempDir } from './lib/cleanup.ts';
import { machineCpu } from './lib/cpu.ts';
import { embeddedDbCpuSeconds, postmasterCpuSeconds, postmasterOf } from './lib/embedded-cpu.ts';
import { measure, type LoadResult } from './lib/load.ts';
import { runPgbench, writeScript, type PgbenchMode, type PgbenchResult, type Script } from './lib/pgbench.ts';
import { repoRoot, request, signIn, sleep, spawnApp, waitFor200 } from './lib/server.ts';
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

/** Where a call's CPU went, µs per call: the database server's processes and the rest of the machine. */
interface CpuPerCall {
  databaseUs: number;
  /** pgbench: the pgbench client; app: the app's node process, then autocannon (this process). */
  clientUs: number;
  generatorUs?: number;
}

type PgbenchRun = Omit<PgbenchResult, 'output'> & { cpu: CpuPerCall };

interface Row {
  case: Case;
  statements: string[];
  pgbench: PgbenchRun[];
  app: LoadResult;
  appCpu: CpuPerCall;
  ratio: number;
}

const perCallUs = (seconds: number, calls: number) => (seconds * 1e6) / calls;

/** pgbench with the database's CPU and everything else's (the pgbench client, mostly) counted. */
async function pgbenchRun(
  url: string,
  script: Script,
  clients: number,
  dbCpu: () => number,
  mode: PgbenchMode,
): Promise<PgbenchRun> {
  const [db0, m0] = [dbCpu(), machineCpu().processes];
  const { output: _output, ...r } = await runPgbench(url, script, clients, DURATION_S, mode);
  // pgbench's backends end after pgbench does; their time is read once the postmaster has reaped them.
  await sleep(500);
  const db = dbCpu() - db0;
  const rest = machineCpu().processes - m0 - db;
  return { ...r, cpu: { databaseUs: perCallUs(db, r.transactions), clientUs: perCallUs(rest, r.transactions) } };
}

/** The database's throughput for the call: the best prepared run (`extended` is for the analysis). */
const best = (runs: PgbenchRun[]) => Math.max(...runs.filter((r) => r.mode === 'prepared').map((r) => r.tps));

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
    const pgbench: Record<string, PgbenchRun[]> = {};
    // The URL the app itself uses: for the embedded server, its Unix socket and generated password.
    const url = database.url!;
    const backend = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
      rows: { pid: number }[];
    };
    const postmaster = postmasterOf(backend.rows[0]!.pid);
    let dbCpu = () => postmasterCpuSeconds(postmaster);
    for (const c of cases) {
      const script = writeScript(dir, c.name, captured[c.name]!);
      scripts[c.name] = script;
      console.log(`\n${c.what}: ${captured[c.name]!.length} statement(s) per call, pgbench script:\n${script.text}`);
      await runPgbench(url, script, Math.max(...PGBENCH_CLIENTS), WARMUP_S); // warm-up, discarded
      await sleep(500);
      pgbench[c.name] = [];
      // Prepared at each client count; then, for the analysis, parsed and planned on every call.
      const runs = [
        ...PGBENCH_CLIENTS.map((clients) => ['prepared', clients] as const),
        ['extended', PGBENCH_CLIENTS[0]!] as const,
      ];
      for (const [mode, clients] of runs) {
        const r = await pgbenchRun(url, script, clients, dbCpu, mode);
        pgbench[c.name]!.push(r);
        const load = os.loadavg().map((n) => n.toFixed(2));
        console.log(
          `  pgbench -M ${mode}, ${clients} clients, ${DURATION_S} s: ${fmt(r.tps)} calls/s (tps), latency average ${r.latencyAvgMs} ms, ` +
            `${r.failed} failed; CPU per call: database ${fmt(r.cpu.databaseUs)} µs, pgbench and the rest ${fmt(r.cpu.clientUs)} µs; load average ${load.join(' ')}`,
        );
      }
    }
    // One app per DATA_DIR (ADR 048): the server needs the directory to itself.
    if (kind === 'embedded') await database.close();

    const server = await spawnApp(prepared.backend);
    try {
      await waitFor200(server, '/api/health');
      if (prepared.backend.kind === 'embedded') {
        const pgdata = path.join(prepared.backend.dataDir, 'postgres');
        dbCpu = () => embeddedDbCpuSeconds(pgdata);
      }
      const cookie = await signIn(server);
      for (const c of cases) {
        const check = await request(server.baseUrl + c.path, { headers: { cookie } });
        if (check.status !== 200) throw new Error(`${c.path} answered ${check.status}: ${check.body.slice(0, 200)}`);
        const db0 = dbCpu();
        const app = await measure(
          server.baseUrl + c.path,
          { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, headers: { cookie } },
          server.pid,
        );
        server.assertAlive();
        const calls = app.requestsTotal * (1 + WARMUP_S / DURATION_S);
        const db = dbCpu() - db0;
        const serverS = (app.serverCpuPct / 100) * DURATION_S;
        const generatorS = (app.loadGeneratorCpuPct / 100) * DURATION_S;
        // measure()'s window is the measured part only; the database's counter also saw the warm-up.
        const appCpu = {
          databaseUs: perCallUs(db, calls),
          clientUs: perCallUs(serverS, app.requestsTotal),
          generatorUs: perCallUs(generatorS, app.requestsTotal),
        };
        const ratio = app.requestsPerSec / best(pgbench[c.name]!);
        const bad = app.non2xx + app.errors + app.timeouts;
        rows.push({
          case: c,
          statements: scripts[c.name]!.text.trim().split('\n'),
          pgbench: pgbench[c.name]!,
          appCpu,
          app,
          ratio,
        });
        console.log(
          `  ${c.what}: app ${fmt(app.requestsPerSec)} calls/s (${CONNECTIONS} connections), pgbench best ${fmt(best(pgbench[c.name]!))}: ` +
            `ratio ${fmt(ratio, 2)} ${ratio >= RATIO_TARGET && !bad ? 'PASS' : 'FAIL'} (>= ${RATIO_TARGET}); server ${fmt(app.serverCpuPct)}% of a core, ` +
            `other processes (the database among them) ${fmt(app.otherCpuPct)}%; CPU per call: node ${fmt(appCpu.clientUs)} µs, ` +
            `database ${fmt(appCpu.databaseUs)} µs, autocannon ${fmt(appCpu.generatorUs)} µs; load average ${app.loadAvgBefore.join(' ')}` +
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
const kind = process.argv[2] === 'postgres' ? 'postgres' : 'embedded';
let rows: Row[];
try {
  rows = await main(kind);
} finally {
  await cleanupAll();
}
console.log(
  '\n' +
    table(
      [
        'Call',
        'statements',
        'pgbench calls/s (clients)',
        'pgbench: db / client µs',
        'app calls/s',
        'app: node / db / autocannon µs',
        'app/pgbench',
        'result',
      ],
      rows.map((r) => [
        r.case.what,
        String(r.statements.length),
        r.pgbench.map((p) => `${fmt(p.tps)} (${p.mode === 'prepared' ? '' : `${p.mode}, `}${p.clients})`).join(', '),
        r.pgbench.map((p) => `${fmt(p.cpu.databaseUs)} / ${fmt(p.cpu.clientUs)}`).join(', '),
        fmt(r.app.requestsPerSec),
        `${fmt(r.appCpu.clientUs)} / ${fmt(r.appCpu.databaseUs)} / ${fmt(r.appCpu.generatorUs ?? NaN)}`,
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
