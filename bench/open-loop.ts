// Open loop at half saturation (issue 28 item 5; ADR 072): for the leads list, search, detail and a
// quote request, first the saturation rate (autocannon, closed loop, 200 connections), then
// arrivals at half that rate from bench/lib/open-loop.ts for BENCH_DURATION_S, latency measured from
// each request's scheduled time. This process runs on CPU 1, the server (and the embedded
// PostgreSQL it starts) on every CPU, as in use (bench/lib/pin.ts, ADR 072). Target: p99 <= 50 ms.
// bench/README.md, "Open loop".
//
//   npx tsx bench/open-loop.ts                   # the embedded PostgreSQL
//   npx tsx bench/open-loop.ts postgres          # the machine's PostgreSQL (not pinned: not ours)
//   BENCH_OPEN_CASES=list,quote BENCH_OPEN_ARRIVALS=poisson npx tsx bench/open-loop.ts
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { casesFor, prepare, seed } from './lib/calls-setup.ts';
import { cleanupAll, installCleanupHandlers, makeTempDir } from './lib/cleanup.ts';
import { cpuWindow } from './lib/cpu.ts';
import { embeddedDbCpuSeconds } from './lib/embedded-cpu.ts';
import { measure, type LoadResult } from './lib/load.ts';
import { openLoop, type OpenLoopRequest, type OpenLoopResult } from './lib/open-loop.ts';
import { pinProcesses } from './lib/pin.ts';
import { quoteRequest } from './lib/quote-request.ts';
import { repoRoot, request, signIn, spawnApp, waitFor200 } from './lib/server.ts';
import { fmt, table } from './lib/table.ts';

const LEADS = Number(process.env.BENCH_CALLS_LEADS ?? 64);
const CONNECTIONS = Number(process.env.BENCH_CALLS_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
const ARRIVALS = process.env.BENCH_OPEN_ARRIVALS === 'poisson' ? 'poisson' : 'fixed';
/** BENCH_OPEN_RATES=100,200,...: open-loop runs at these rates instead of half the saturation. */
const FIXED_RATES = (process.env.BENCH_OPEN_RATES ?? '')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const CASE_NAMES = (process.env.BENCH_OPEN_CASES ?? 'list,search,detail,quote').split(',');
const P99_TARGET_MS = 50;

interface Target {
  name: string;
  what: string;
  /** The i-th request of a run; quote requests each come from an address of their own. */
  make: (i: number) => OpenLoopRequest;
}

/** The server's own thread during a run, from bench/lib/loop-probe.mjs: worst second's loop delay and GC. */
interface ServerThread {
  loopDelayMaxMs: number;
  loopDelayP99Ms: number;
  gcTotalMs: number;
  gcMaxPauseMs: number;
  /** Stretches of 100 ms or more with the thread over 90% busy: start (s from the measured part) and length. */
  busy: { atS: number; ms: number }[];
  /** When each full (major) garbage collection ended, s from the measured part. */
  majorGcAtS: number[];
}

interface Row {
  target: Target;
  saturation: LoadResult;
  open: OpenLoopResult & {
    serverCpuPct: number;
    dbCpuPct: number | null;
    otherCpuPct: number;
    loadAvg: number[];
    server: ServerThread | null;
  };
}

/** What the embedded server logs during the runs (printed beside each run's slow requests). */
const SERVER_LOG_SETTINGS = {
  log_checkpoints: 'on',
  log_autovacuum_min_duration: '0',
  log_min_duration_statement: '20',
  log_lock_waits: 'on',
  log_line_prefix: '%m [%p] ',
  log_timezone: 'UTC',
};

/** The server log's lines stamped between `from` and `to` (Date.now()). */
function serverLogLines(pgdata: string, from: number, to: number, zero: number): string[] {
  const dir = path.join(pgdata, 'log');
  if (!existsSync(dir)) return [];
  const lines: string[] = [];
  for (const name of readdirSync(dir)) {
    for (const line of readFileSync(path.join(dir, name), 'utf8').split('\n')) {
      const stamp = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) (\w+)/.exec(line);
      if (!stamp) continue;
      const t = Date.parse(`${stamp[1]!.replace(' ', 'T')}Z`);
      if (t >= from && t <= to) lines.push(`${((t - zero) / 1000).toFixed(3)} s ${line.slice(stamp[0].length)}`);
    }
  }
  return lines;
}

const PROBE = path.join(repoRoot, 'bench', 'lib', 'loop-probe.mjs');

/** The probe's lines written between `from` and `to` (Date.now()), summarised. */
function serverThread(file: string, from: number, to: number, zero: number): ServerThread | null {
  if (!existsSync(file)) return null;
  type Line = {
    t: number;
    loopMs: { p99: number; max: number };
    busy: [number, number][];
    gc: { totalMs: number; maxMs: number; majors?: number[] };
  };
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => l.loopMs && l.t > from && l.t <= to + 1_000);
  if (!lines.length) return null;
  const max = (f: (l: Line) => number) => Math.max(...lines.map(f));
  return {
    loopDelayMaxMs: max((l) => l.loopMs.max),
    loopDelayP99Ms: max((l) => l.loopMs.p99),
    gcTotalMs: Math.round(lines.reduce((sum, l) => sum + l.gc.totalMs, 0)),
    gcMaxPauseMs: max((l) => l.gc.maxMs),
    busy: lines
      .flatMap((l) => l.busy)
      .filter(([at]) => at >= from && at <= to)
      .map(([at, ms]) => ({ atS: +((at - zero) / 1000).toFixed(2), ms })),
    majorGcAtS: lines
      .flatMap((l) => l.gc.majors ?? [])
      .filter((at) => at >= from && at <= to)
      .map((at) => +((at - zero) / 1000).toFixed(2)),
  };
}

/** Every quote request of the run has its own X-Forwarded-For (TRUST_PROXY=127.0.0.1 below). */
let quoteSeq = 0;

async function main(kind: 'embedded' | 'postgres') {
  const pinned = pinProcesses('generator');
  console.log(`pinning: ${pinned ?? 'off (BENCH_PIN=0, one CPU or no taskset)'}`);
  const prepared = await prepare(kind, 'bench_open_loop');
  const rows: Row[] = [];
  try {
    const seeded = await seed(prepared.database, LEADS);
    console.log(`${prepared.where}: ${seeded.leads} leads`);
    const cases = await casesFor(prepared.database, CASE_NAMES);
    // The database server's own account of each run: checkpoints, autovacuum, statements over 20 ms
    // and lock waits, with millisecond times (ALTER SYSTEM: postgresql.auto.conf, read at start).
    if (kind === 'embedded') {
      for (const [name, value] of Object.entries(SERVER_LOG_SETTINGS))
        await prepared.database.db.execute(sql.raw(`alter system set ${name} = '${value}'`));
    }
    // One app per DATA_DIR (ADR 048): the server needs the directory to itself.
    if (kind === 'embedded') await prepared.database.close();
    // The quote form allows 10 requests an hour per client address: each request comes from its
    // own, which the app reads from X-Forwarded-For only from a trusted proxy (TRUST_PROXY).
    // Beside the CPU profiles when there are any (BENCH_SERVER_PROFILE): its first line places their samples in time.
    const probeDir = process.env.BENCH_SERVER_PROFILE ?? makeTempDir('loop-probe');
    mkdirSync(probeDir, { recursive: true });
    const probeFile = path.join(probeDir, 'probe.jsonl');
    const server = await spawnApp(prepared.backend, {
      TRUST_PROXY: '127.0.0.1',
      // BENCH_SERVER_NODE_OPTIONS: node or V8 flags for the server (experiments, e.g. GC sizes).
      NODE_OPTIONS: `--import ${pathToFileURL(PROBE).href} ${process.env.BENCH_SERVER_NODE_OPTIONS ?? ''}`.trim(),
      LOOP_PROBE_FILE: probeFile,
    });
    try {
      await waitFor200(server, '/api/health');
      const cookie = await signIn(server);
      const targets: Target[] = cases.map((c) => ({
        name: c.name,
        what: c.what,
        make: () => ({ method: 'GET', path: c.path, headers: { cookie } }),
      }));
      if (CASE_NAMES.includes('quote'))
        targets.push({ name: 'quote', what: 'POST /api/contact-form', make: () => quoteRequest(quoteSeq++) });
      for (const t of targets) {
        const first = t.make(0);
        const check = await request(server.baseUrl + first.path, { ...first });
        if (check.status !== 200) throw new Error(`${t.what} answered ${check.status}: ${check.body.slice(0, 200)}`);
        // Closed loop for the saturation rate; autocannon's requests run through make() for the quote.
        const requests: autocannon.Request[] = [{ setupRequest: (req) => ({ ...req, ...t.make(0) }) }];
        const saturation = await measure(
          server.baseUrl + first.path,
          { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, headers: first.headers, requests },
          server.pid,
        );
        server.assertAlive();
        const rates = FIXED_RATES.length ? FIXED_RATES : [Math.max(1, Math.round(saturation.requestsPerSec / 2))];
        for (const rate of rates) {
          const pgdata =
            kind === 'embedded'
              ? path.join(prepared.backend.kind === 'embedded' ? prepared.backend.dataDir : '', 'postgres')
              : null;
          const loadAvg = os.loadavg().map((n) => +n.toFixed(2));
          const db0 = pgdata ? embeddedDbCpuSeconds(pgdata) : 0;
          const stop = cpuWindow(server.pid);
          const wall0 = Date.now();
          const open = await openLoop({
            baseUrl: server.baseUrl,
            ratePerS: rate,
            durationS: DURATION_S,
            warmupS: WARMUP_S,
            arrivals: ARRIVALS,
            make: t.make,
          });
          const cpu = stop();
          // Times from the start of the measured part, as the slow requests' (bench/lib/open-loop.ts).
          const zero = wall0 + 20 + WARMUP_S * 1000;
          const thread = serverThread(probeFile, wall0, Date.now(), zero);
          const pgLog = pgdata ? serverLogLines(pgdata, wall0, Date.now(), zero) : [];
          const dbCpuPct = pgdata ? (100 * (embeddedDbCpuSeconds(pgdata) - db0)) / cpu.wallS : null;
          server.assertAlive();
          // The window also covers the warm-up: the database's CPU is counted by the server's other children.
          const otherCpuPct = Math.max(0, cpu.otherPct - (dbCpuPct ?? 0));
          const row: Row = {
            target: t,
            saturation,
            open: { ...open, serverCpuPct: cpu.processPct, dbCpuPct, otherCpuPct, loadAvg, server: thread },
          };
          rows.push(row);
          const l = open.latencyMs;
          console.log(
            `  ${t.what}: saturation ${fmt(saturation.requestsPerSec)} calls/s (closed loop, ${CONNECTIONS} connections); ` +
              `open loop ${rate}/s (${ARRIVALS}): p50 ${l.p50} ms, p90 ${l.p90}, p99 ${l.p99}, max ${l.max} ` +
              `${l.p99 <= P99_TARGET_MS && open.ok === open.scheduled ? 'PASS' : 'FAIL'}; ok ${open.ok}/${open.scheduled}, ` +
              `send lag p99 ${open.sendLagMs.p99} ms, in flight max ${open.maxInFlight}, ${open.connections} connections, ` +
              `${open.slow.count} over ${open.slow.slowMs} ms (at ${open.slow.worst.map((w) => `${(w.atMs / 1000).toFixed(2)} s: ${w.latencyMs}`).join(', ')}); ` +
              `CPU % of a core: server ${fmt(cpu.processPct)}, database ${dbCpuPct === null ? '-' : fmt(dbCpuPct)}, ` +
              `generator ${fmt(cpu.selfPct)}, other ${fmt(otherCpuPct)}; server thread: loop delay worst second p99 ` +
              `${thread?.loopDelayP99Ms ?? '-'} ms, max ${thread?.loopDelayMaxMs ?? '-'} ms, GC ${thread?.gcTotalMs ?? '-'} ms in all, ` +
              `longest pause ${thread?.gcMaxPauseMs ?? '-'} ms; load average ${loadAvg.join(' ')}`,
          );
          console.log(
            `    measured part from ${new Date(zero).toISOString()}; server thread over 90% busy: ` +
              `${thread?.busy.map((b) => `${b.atS} s for ${b.ms} ms`).join(', ') || 'never for 100 ms'}; ` +
              `full garbage collections ended at ${thread?.majorGcAtS.map((s) => `${s} s`).join(', ') || '-'}`,
          );
          for (const line of pgLog.slice(0, 40)) console.log(`    database log ${line}`);
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    await prepared.dispose();
  }
  return { pinned, rows };
}

installCleanupHandlers();
const kind = process.argv[2] === 'postgres' ? 'postgres' : 'embedded';
let result: Awaited<ReturnType<typeof main>>;
try {
  result = await main(kind);
} finally {
  await cleanupAll();
}
console.log(
  '\n' +
    table(
      [
        'Call',
        'saturation/s',
        'open rate/s',
        'p50 ms',
        'p99 ms',
        'max ms',
        'service p99',
        'ok',
        'server CPU %',
        'db CPU %',
        'result',
      ],
      result.rows.map((r) => [
        r.target.what,
        fmt(r.saturation.requestsPerSec),
        String(r.open.ratePerS),
        String(r.open.latencyMs.p50),
        String(r.open.latencyMs.p99),
        String(r.open.latencyMs.max),
        String(r.open.serviceMs.p99),
        `${r.open.ok}/${r.open.scheduled}`,
        fmt(r.open.serverCpuPct),
        r.open.dbCpuPct === null ? '-' : fmt(r.open.dbCpuPct),
        r.open.latencyMs.p99 <= P99_TARGET_MS && r.open.ok === r.open.scheduled ? 'PASS' : 'FAIL',
      ]),
    ),
);
const dir = path.join(repoRoot, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `open-loop-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
const settings = {
  kind,
  leads: LEADS,
  connections: CONNECTIONS,
  durationS: DURATION_S,
  warmupS: WARMUP_S,
  arrivals: ARRIVALS,
};
const rows = result.rows.map((r) => ({ ...r, target: { name: r.target.name, what: r.target.what } }));
writeFileSync(file, JSON.stringify({ settings, pinned: result.pinned, cpus: os.cpus().length, rows }, null, 2) + '\n');
console.log(`\nresults in ${path.relative(repoRoot, file)}`);
