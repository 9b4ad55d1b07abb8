// Dashboard benchmark (issue 33, ADR 069): `npx tsx bench/dashboard.ts [embedded] [postgres]`.
// 100,000 leads from the seed-bench generator and 10,000 imports (50,000 supplier costs, their
// stage history; bench/lib/seed-dashboard-imports.ts), on the embedded PostgreSQL (a fresh data
// directory) and on PostgreSQL (a fresh `bench_dashboard` database). Then server time through
// app.inject (routing, validation, queries, serialisation; no socket) of the dashboard's calls:
// the overview for each period preset, the stats it shows beside them, and the money-owed screen.
// p50 / p90 / p99 over BENCH_DASHBOARD_REQUESTS sequential requests per case after 20 warm-up, and
// the CPU per request of the app and (embedded) of its database, which the machine's load does not inflate.
// Target: p99 <= 50 ms for every case. BENCH_DASHBOARD_EXPLAIN=1 prints EXPLAIN ANALYZE of every
// statement of each case (PostgreSQL only). Writes bench/results/dashboard-<time>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { openDb, type Database } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { seedBench } from '#server/db/seed/seed-bench.ts';
import { hashPassword } from '#server/lib/password.ts';
import { insertUser } from '#server/modules/users/users.repository.ts';
import { DASHBOARD_PERIODS } from '#shared/dashboard/period.ts';
import { machineCpu } from './lib/cpu.ts';
import { cleanupAll, installCleanupHandlers, makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { embeddedDbCpuSeconds } from './lib/embedded-cpu.ts';
import { captureQueries, explainAll } from './lib/explain.ts';
import { freshDatabase, serverVersion } from './lib/pg.ts';
import { queryLog } from './lib/query-log.ts';
import { seedDashboardImports } from './lib/seed-dashboard-imports.ts';
import { fmt, table } from './lib/table.ts';
import { signedInBenchApp } from './lib/signed-in-app.ts';

const LEADS = Number(process.env.BENCH_DASHBOARD_LEADS ?? 100_000);
const IMPORTS = Number(process.env.BENCH_DASHBOARD_IMPORTS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_DASHBOARD_REQUESTS ?? 200);
const EXPLAIN = process.env.BENCH_DASHBOARD_EXPLAIN === '1';
const WARMUP = 20;
const TARGET_MS = 50;
const NOW = new Date('2026-11-20T12:00:00Z');
const PASSWORD = 'Bench1234';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function openBackend(kind: 'embedded' | 'postgres') {
  if (kind === 'embedded') {
    const dir = makeTempDir('dashboard');
    const database = await openDb({ dataDir: dir, logger: queryLog });
    await runMigrations(database);
    const dispose = async () => {
      await database.close();
      removeTempDir(dir);
    };
    return { database, where: `embedded database in ${dir}`, dispose };
  }
  const fresh = await freshDatabase('bench_dashboard');
  const database: Database = await openDb({ databaseUrl: fresh.url, poolSize: 10, logger: queryLog });
  await runMigrations(database);
  const dispose = async () => {
    await database.close();
    await fresh.drop();
  };
  return { database, where: 'PostgreSQL database bench_dashboard', dispose };
}

/** The cases: every preset of the period picker (custom: the last two years), the stats, money owed. */
function cases() {
  const presets = DASHBOARD_PERIODS.filter((p) => p !== 'custom').map((period) => ({
    name: `overview: ${period}`,
    url: `/api/dashboard/overview?period=${period}`,
  }));
  return [
    ...presets,
    { name: 'overview: custom, 2 years', url: '/api/dashboard/overview?period=custom&from=2024-11-21&to=2026-11-20' },
    { name: 'stats (cards beside the charts)', url: '/api/dashboard/stats' },
    { name: 'money owed', url: '/api/money/owed' },
    // The floor of a signed-in request through app.inject on the same machine at the same moment
    // (session check, routing, one small answer): what no query change can take off. No target.
    { name: 'reference: GET /api/auth/user (no target)', url: '/api/auth/user', reference: true },
  ];
}

/**
 * `dbCpu`: CPU seconds of the database server so far (embedded only): with this process's own CPU
 * it gives the CPU one request costs, which the machine's load does not inflate.
 */
async function timeCase(app: FastifyInstance, cookie: string, url: string, dbCpu: (() => number) | null) {
  for (let i = 0; i < WARMUP; i++) await app.inject({ method: 'GET', url, headers: { cookie } });
  const t0 = performance.now();
  const m0 = machineCpu();
  const s0 = process.cpuUsage();
  const db0 = dbCpu?.() ?? 0;
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const at = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    times.push(performance.now() - at);
    bytes = res.rawPayload.length;
  }
  const wallS = (performance.now() - t0) / 1000;
  const self = process.cpuUsage(s0);
  const dbCpuS = dbCpu ? dbCpu() - db0 : null;
  const m1 = machineCpu();
  const selfS = (self.user + self.system) / 1e6;
  const otherCpuPct = Math.round((100 * Math.max(0, m1.processes - m0.processes - selfS - (dbCpuS ?? 0))) / wallS);
  const stealPct = Math.round((100 * (m1.steal - m0.steal)) / wallS);
  const sorted = times.sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99,
    max: sorted.at(-1)!,
    pass: p99 <= TARGET_MS,
    bytes,
    /** CPU per request, ms: the app (this process) and, on the embedded server, the database. */
    appCpuMs: (1000 * selfS) / REQUESTS,
    dbCpuMs: dbCpuS === null ? null : (1000 * dbCpuS) / REQUESTS,
    otherCpuPct,
    stealPct,
    loadAvg: os.loadavg()[0]!,
  };
}

async function benchBackend(kind: 'embedded' | 'postgres') {
  console.log(`\n== ${kind} ==`);
  const { database, dispose, where } = await openBackend(kind);
  try {
    await insertUser(database.db, {
      username: 'bench',
      password: await hashPassword(PASSWORD),
      role: 'admin',
      email: 'bench@example.pt',
    });
    const started = performance.now();
    const seeded = await seedBench(database.db, { count: LEADS, now: NOW });
    const imports = await seedDashboardImports(database.db, { count: IMPORTS, now: NOW });
    const seedSeconds = (performance.now() - started) / 1000;
    console.log(`${where}: ${seeded.leads} leads, ${JSON.stringify(imports)} in ${seedSeconds.toFixed(1)} s`);
    // What a running server has: autovacuum (off on the machine's PostgreSQL), here by hand.
    await database.db.execute(sql`vacuum analyze`);

    const { app, cookie } = await signedInBenchApp(database, NOW, PASSWORD);
    try {
      const results = [];
      for (const c of cases()) {
        const pgdata = database.embedded?.pgdata;
        const dbCpu = pgdata ? () => embeddedDbCpuSeconds(pgdata) : null;
        const timed = await timeCase(app, cookie, c.url, dbCpu);
        const r = { name: c.name, url: c.url, ...timed, pass: 'reference' in c || timed.pass };
        results.push(r);
        console.log(
          `${'reference' in c ? 'REF ' : r.pass ? 'PASS' : 'FAIL'}  ${c.name}: p50 ${fmt(r.p50, 1)}, p90 ${fmt(r.p90, 1)}, p99 ${fmt(r.p99, 1)} ms (target ${TARGET_MS} ms), CPU per request: app ${fmt(r.appCpuMs, 1)} ms, database ${fmt(r.dbCpuMs, 1)} ms, ${r.bytes} bytes, other processes ${r.otherCpuPct}%, load average ${r.loadAvg.toFixed(2)}`,
        );
        if (EXPLAIN && database.url) {
          const captured = await captureQueries(() => app.inject({ method: 'GET', url: c.url, headers: { cookie } }));
          const plans = await explainAll(
            database,
            captured.filter((q) => !/"sessions"|"users"/.test(q.sql.slice(0, 200))),
          );
          for (const plan of plans) console.log(plan.replace(/^/gm, '    '));
        }
      }
      return { kind, where, seedSeconds, leads: seeded.leads, ...imports, results };
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
  }
}

async function main() {
  installCleanupHandlers();
  const args = process.argv.slice(2);
  const kinds = (args.length ? args : ['embedded', 'postgres']) as ('embedded' | 'postgres')[];
  const runs = [];
  for (const kind of kinds) {
    if (kind !== 'embedded' && kind !== 'postgres')
      throw new Error(`unknown backend ${kind}: use embedded and/or postgres`);
    if (kind === 'postgres') console.log(`PostgreSQL ${await serverVersion()}`);
    runs.push(await benchBackend(kind));
  }
  const load = os.loadavg().map((l) => l.toFixed(2));
  console.log(`\n${REQUESTS} sequential requests per case after ${WARMUP} warm-up, load average ${load.join(' ')}\n`);
  console.log(
    table(
      ['db', 'case', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'result', 'CPU app+db ms', 'other CPU', 'load avg'],
      runs.flatMap((r) =>
        r.results.map((c) => [
          r.kind,
          c.name,
          fmt(c.p50, 1),
          fmt(c.p90, 1),
          fmt(c.p99, 1),
          fmt(c.max, 1),
          c.name.startsWith('reference') ? '-' : c.pass ? 'PASS' : 'FAIL',
          c.dbCpuMs === null ? `${fmt(c.appCpuMs, 1)}+?` : `${fmt(c.appCpuMs, 1)}+${fmt(c.dbCpuMs, 1)}`,
          `${c.otherCpuPct}%`,
          c.loadAvg.toFixed(1),
        ]),
      ),
      'llrrrrlrrr',
    ),
  );
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `dashboard-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { cpus: os.cpus().length, node: process.version, loadavg: os.loadavg() };
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), machine, runs }, null, 2));
  console.log(`\nwritten ${path.relative(process.cwd(), file)}`);
  await cleanupAll();
  process.exitCode = runs.every((r) => r.results.every((c) => c.pass)) ? 0 : 1;
}

await main();
