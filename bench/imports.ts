// Imports list benchmark: `npx tsx bench/imports.ts [embedded] [postgres]`.
// 10,000 imports with 50,000 costs (and about 45,000 stage-history rows, 40 suppliers), on the
// embedded PostgreSQL (a fresh DATA_DIR) and on PostgreSQL (a fresh `bench_imports` database), then server time
// of the imports calls through app.inject (the real app in this process: routing, validation,
// queries, serialisation; no socket): p50 / p99 over BENCH_IMPORTS_REQUESTS sequential requests.
// Targets: list and search p99 <= 30 ms, detail p99 <= 15 ms. Writes bench/results/imports-<time>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { openDb, type Database } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { hashPassword } from '#server/lib/password.ts';
import { insertUser } from '#server/modules/users/users.repository.ts';
import { cleanupAll, installCleanupHandlers, makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { freshDatabase, serverVersion } from './lib/pg.ts';
import { captureQueries, explainAll } from './lib/explain.ts';
import { queryLog } from './lib/query-log.ts';
import { fmt, table } from './lib/table.ts';
import { signedInBenchApp } from './lib/signed-in-app.ts';
import { COUNT, NOW, seedImports } from './imports-seed.ts';

const REQUESTS = Number(process.env.BENCH_IMPORTS_REQUESTS ?? 200);
const WARMUP = 20;
/** BENCH_IMPORTS_EXPLAIN=1 prints the plan (EXPLAIN ANALYZE) of every query of each case. */
const EXPLAIN = process.env.BENCH_IMPORTS_EXPLAIN === '1';

const TARGET_MS = { list: 30, detail: 15, info: null } as const;
const PASSWORD = 'Bench1234';

async function openBackend(kind: 'embedded' | 'postgres') {
  if (kind === 'embedded') {
    const dir = makeTempDir('imports');
    const database = await openDb({ dataDir: dir, logger: queryLog });
    await runMigrations(database);
    const dispose = async () => {
      await database.close();
      removeTempDir(dir);
    };
    return { database, where: `embedded PostgreSQL in ${dir}`, dispose };
  }
  const fresh = await freshDatabase('bench_imports');
  const database: Database = await openDb({ databaseUrl: fresh.url, poolSize: 10, logger: queryLog });
  await runMigrations(database);
  const dispose = async () => {
    await database.close();
    await fresh.drop();
  };
  return { database, where: 'PostgreSQL database bench_imports', dispose };
}

interface Case {
  name: string;
  kind: keyof typeof TARGET_MS;
  url: (i: number) => string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timeCase(app: FastifyInstance, cookie: string, c: Case): Promise<number[]> {
  const run = async (i: number) => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: c.url(i), headers: { cookie } });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${c.name}: answered ${res.statusCode} ${res.body.slice(0, 300)}`);
    return ms;
  };
  for (let i = 0; i < WARMUP; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await run(i));
  return times;
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
    let started = performance.now();
    const seeded = await seedImports(database.db);
    const seedSeconds = (performance.now() - started) / 1000;
    console.log(`${where}: ${JSON.stringify(seeded)} in ${seedSeconds.toFixed(1)} s`);
    // What a running server has: autovacuum (off on the machine's PostgreSQL), here by hand.
    await database.db.execute(sql`vacuum analyze`);

    const { app, cookie } = await signedInBenchApp(database, NOW, PASSWORD);
    try {
      let cursor = '';
      for (let page = 0; page < 10; page++) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/imports?filter=all${cursor ? `&cursor=${cursor}` : ''}`,
          headers: { cookie },
        });
        cursor = res.json().nextCursor;
      }
      const picked = await database.db.execute(
        sql`select id from imports where id % 37 = 0 order by id limit ${REQUESTS + WARMUP}`,
      );
      const ids = (picked as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
      const cases: Case[] = [
        // The floor on this machine: the session guard and a tiny answer, no imports query.
        { name: 'baseline: GET /api/auth/user', kind: 'info', url: () => '/api/auth/user' },
        { name: 'list: default view (Active), first page', kind: 'list', url: () => '/api/imports' },
        { name: 'list: All, page 11 (cursor)', kind: 'list', url: () => `/api/imports?filter=all&cursor=${cursor}` },
        { name: 'list: Concluded, first page', kind: 'list', url: () => '/api/imports?filter=concluded' },
        { name: "search: surname 'ferreira', Active", kind: 'list', url: () => '/api/imports?search=ferreira' },
        { name: "search: make 'bmw', All", kind: 'list', url: () => '/api/imports?filter=all&search=bmw' },
        { name: 'search: a VIN fragment, All', kind: 'list', url: () => '/api/imports?filter=all&search=000123' },
        { name: "search: an id '#4321', All", kind: 'list', url: () => '/api/imports?filter=all&search=%234321' },
        { name: "search: two letters 'sa', All", kind: 'info', url: () => '/api/imports?filter=all&search=sa' },
        { name: 'detail: GET /api/imports/{id}', kind: 'detail', url: (i) => `/api/imports/${ids[i % ids.length]}` },
        { name: 'suppliers with totals', kind: 'info', url: () => '/api/suppliers' },
      ];
      const results = [];
      for (const c of cases) {
        const times = await timeCase(app, cookie, c);
        const sorted = [...times].sort((a, b) => a - b);
        const target = TARGET_MS[c.kind];
        const p99 = percentile(sorted, 99);
        const r = {
          name: c.name,
          p50: percentile(sorted, 50),
          p99,
          max: sorted.at(-1)!,
          target,
          pass: target === null || p99 <= target,
        };
        results.push(r);
        console.log(
          `${target === null ? 'INFO' : r.pass ? 'PASS' : 'FAIL'}  ${c.name}: p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(p99, 1)} ms`,
        );
        if (EXPLAIN) {
          const captured = await captureQueries(() =>
            app.inject({ method: 'GET', url: c.url(0), headers: { cookie } }),
          );
          const plans = await explainAll(
            database,
            captured.filter((q) => /"imports"|"suppliers"|import_costs/.test(q.sql)),
          );
          for (const plan of plans) console.log(plan.replace(/^/gm, '    '));
        }
      }
      started = performance.now();
      const csv = await app.inject({ method: 'GET', url: '/api/imports/export.csv?filter=all', headers: { cookie } });
      const exportMs = Math.round(performance.now() - started);
      started = performance.now();
      const costsCsv = await app.inject({ method: 'GET', url: '/api/import-costs/export.csv', headers: { cookie } });
      const costsExportMs = Math.round(performance.now() - started);
      const exports = {
        importsMs: exportMs,
        importsRows: csv.body.split('\r\n').length - 2,
        costsMs: costsExportMs,
        costsRows: costsCsv.body.split('\r\n').length - 2,
      };
      console.log(`exports: ${JSON.stringify(exports)}`);
      return { kind, where, seedSeconds, seeded, results, exports };
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
  for (const k of kinds)
    if (k !== 'embedded' && k !== 'postgres') throw new Error(`unknown backend ${k}: use embedded and/or postgres`);
  const runs = [];
  for (const kind of kinds) {
    if (kind === 'postgres') console.log(`PostgreSQL ${await serverVersion()}`);
    runs.push(await benchBackend(kind));
  }
  console.log(`\n${COUNT} imports, ${REQUESTS} sequential requests per case after ${WARMUP} warm-up\n`);
  const rows = runs.flatMap((r) =>
    r.results.map((c) => [
      r.kind,
      c.name,
      fmt(c.p50, 1),
      fmt(c.p99, 1),
      fmt(c.max, 1),
      c.target === null ? '-' : `<= ${c.target}`,
      c.target === null ? '' : c.pass ? 'PASS' : 'FAIL',
    ]),
  );
  console.log(table(['db', 'case', 'p50 ms', 'p99 ms', 'max ms', 'target p99', 'result'], rows, 'llrrrrl'));
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `imports-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      { at: new Date().toISOString(), machine: { cpus: os.cpus().length, loadavg: os.loadavg() }, runs },
      null,
      2,
    ),
  );
  console.log(`\nwritten ${path.relative(process.cwd(), file)}`);
  await cleanupAll();
  process.exitCode = runs.every((r) => r.results.every((c) => c.pass)) ? 0 : 1;
}

await main();
