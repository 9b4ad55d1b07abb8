// Imports list benchmark: `npx tsx bench/imports.ts [pglite] [postgres]`.
// 10,000 imports with 50,000 costs (and about 45,000 stage-history rows, 40 suppliers), on PGlite
// (a fresh data directory) and on PostgreSQL (a fresh `bench_imports` database), then server time
// of the imports calls through app.inject (the real app in this process: routing, validation,
// queries, serialisation; no socket): p50 / p99 over BENCH_IMPORTS_REQUESTS sequential requests.
// Targets: list and search p99 <= 30 ms, detail p99 <= 15 ms. Writes bench/results/imports-<time>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { openDb, type Database, type Db } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { vacuumAnalyze } from '#server/db/pglite-maintenance.ts';
import { importCosts, importStatusHistory, imports, suppliers } from '#server/db/schema/imports.ts';
import { createRng, type Rng } from '#server/db/seed/prng.ts';
import { hashPassword } from '#server/lib/password.ts';
import { createLocalHub } from '#server/realtime/hub.ts';
import { insertUser } from '#server/modules/users/users.repository.ts';
import { IMPORT_STATUSES, type ImportStatus } from '#shared/imports/status.ts';
import { cleanupAll, installCleanupHandlers, makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { freshDatabase, serverVersion } from './lib/pg.ts';
import { captureQueries, explainAll } from './lib/explain.ts';
import { fmt, table } from './lib/table.ts';

const COUNT = Number(process.env.BENCH_IMPORTS_COUNT ?? 10_000);
const COSTS_PER_IMPORT = 5;
const REQUESTS = Number(process.env.BENCH_IMPORTS_REQUESTS ?? 200);
const WARMUP = 20;
/** BENCH_IMPORTS_EXPLAIN=1 prints the plan (EXPLAIN ANALYZE) of every query of each case. */
const EXPLAIN = process.env.BENCH_IMPORTS_EXPLAIN === '1';
const NOW = new Date('2026-11-20T12:00:00Z');
const TARGET_MS = { list: 30, detail: 15, info: null } as const;
const PASSWORD = 'Bench1234';
const DAY = 86_400_000;

const FIRST = ['Ana', 'Rui', 'Carla', 'João', 'Marta', 'Pedro', 'Inês', 'Tiago', 'Sofia', 'Miguel', 'Rita', 'Nuno'];
const LAST = ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Rodrigues', 'Martins', 'Sousa', 'Gomes'];
const CARS = [
  ['BMW', '320d Touring'],
  ['BMW', 'X3 xDrive20d'],
  ['Audi', 'A4 Avant 2.0 TDI'],
  ['Mercedes-Benz', 'C 220 d'],
  ['Volkswagen', 'Golf 1.5 eTSI'],
  ['Tesla', 'Model 3 Long Range'],
  ['Volvo', 'XC60 B4'],
  ['Peugeot', '3008 Hybrid'],
  ['Renault', 'Clio TCe'],
  ['Toyota', 'RAV4 Hybrid'],
] as const;

/** Statuses weighted like a business a few years in: most delivered, a tail of each active stage. */
function pickStatus(rng: Rng): ImportStatus {
  const r = rng.float(0, 1);
  if (r < 0.6) return 'delivered';
  if (r < 0.65) return 'canceled';
  return rng.pick(IMPORT_STATUSES.slice(0, 7));
}

async function insertChunks<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** The imports, costs, suppliers and history, deterministic from the seed. */
async function seedImports(db: Db) {
  const rng = createRng('bench-imports');
  const supplierRows = await db
    .insert(suppliers)
    .values(Array.from({ length: 40 }, (_, i) => ({ name: `Supplier ${i + 1} ${rng.pick(LAST)} Lda.` })))
    .returning({ id: suppliers.id });
  const supplierIds = supplierRows.map((r) => r.id);
  const values = Array.from({ length: COUNT }, (_, i) => {
    const [make, model] = rng.pick(CARS);
    const status = pickStatus(rng);
    const createdAt = new Date(NOW.getTime() - rng.float(0, 3 * 365) * DAY);
    const first = rng.pick(FIRST);
    const last = `${rng.pick(LAST)} ${rng.pick(LAST)}`;
    return {
      clientName: `${first} ${last}`,
      clientEmail: `${first.toLowerCase()}.${i}@example.pt`,
      clientPhone: `9${rng.int(10_000_000, 99_999_999)}`,
      vehicleMake: make,
      vehicleModel: model,
      vehicleYear: rng.int(2015, 2025),
      vehicleVin: `WBA${rng.int(10_000_000, 99_999_999)}${String(i).padStart(6, '0')}`,
      status,
      vehiclePrice: `${rng.int(8_000, 80_000)}.00`,
      vehicleIsv: `${rng.int(0, 9_000)}.${String(rng.int(0, 99)).padStart(2, '0')}`,
      servicePrice: rng.pick(['2340.00', '2500.00', '2800.00', '3000.00']),
      invoiced: status === 'delivered',
      paid: status === 'delivered' || rng.chance(0.3),
      createdAt,
      updatedAt: createdAt,
      statusChangedAt: new Date(createdAt.getTime() + rng.float(0, 20) * DAY),
    };
  });
  const ids: { id: number; status: string; createdAt: Date }[] = [];
  await insertChunks(values, 1_000, async (chunk) => {
    ids.push(
      ...(await db
        .insert(imports)
        .values(chunk)
        .returning({ id: imports.id, status: imports.status, createdAt: imports.createdAt })),
    );
  });
  const costs = ids.flatMap((imp) =>
    Array.from({ length: COSTS_PER_IMPORT }, () => ({
      importId: imp.id,
      supplierId: rng.pick(supplierIds),
      date: new Date(imp.createdAt.getTime() + rng.float(0, 30) * DAY).toISOString().slice(0, 10),
      value: `${rng.int(30, 1_600)}.${String(rng.int(0, 99)).padStart(2, '0')}`,
      invoicedToUs: rng.chance(0.7),
      invoiced: rng.chance(0.4),
      paid: rng.chance(0.8),
    })),
  );
  await insertChunks(costs, 2_000, (chunk) => db.insert(importCosts).values(chunk));
  const history = ids.flatMap((imp) => {
    const upTo = imp.status === 'canceled' ? 1 : IMPORT_STATUSES.indexOf(imp.status as ImportStatus);
    const steps = IMPORT_STATUSES.slice(0, upTo + 1).map((status, n) => ({
      importId: imp.id,
      status,
      changedAt: new Date(imp.createdAt.getTime() + n * 2 * DAY),
    }));
    if (imp.status === 'canceled')
      steps.push({ importId: imp.id, status: 'canceled', changedAt: new Date(imp.createdAt.getTime() + 5 * DAY) });
    return steps;
  });
  await insertChunks(history, 2_000, (chunk) => db.insert(importStatusHistory).values(chunk));
  return { imports: ids.length, costs: costs.length, history: history.length, suppliers: supplierIds.length };
}

async function openBackend(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const dir = makeTempDir('imports');
    const database = await openDb({ dataDir: dir });
    await runMigrations(database);
    const dispose = async () => {
      await database.close();
      removeTempDir(dir);
    };
    return { database, where: `PGlite in ${dir}`, dispose };
  }
  const fresh = await freshDatabase('bench_imports');
  const database: Database = await openDb({ databaseUrl: fresh.url, poolSize: 10 });
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

async function benchBackend(kind: 'pglite' | 'postgres') {
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
    // What a running server has: PGlite's own maintenance; on PostgreSQL autovacuum (off here), by hand.
    if (kind === 'pglite') await vacuumAnalyze(database);
    else await database.db.execute(sql`vacuum analyze`);

    const { app } = await buildApp({
      database,
      hub: createLocalHub(),
      clock: { now: () => NOW },
      env: {
        TRUST_PROXY: false,
        SESSION_TTL_DAYS: 30,
        SESSION_IDLE_DAYS: 7,
        LOGIN_RATE_LIMIT_PER_MINUTE: 1000,
        ISV_RATE_LIMIT_PER_MINUTE: 1000,
      },
      webRoot: '/nonexistent-web-root',
    });
    await app.ready();
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'bench', password: PASSWORD },
      });
      const sid = login.cookies.find((c) => c.name === 'sid');
      if (!sid) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
      const cookie = `sid=${sid.value}`;
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
          const captured = await captureQueries(database, () =>
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
  const kinds = (args.length ? args : ['pglite', 'postgres']) as ('pglite' | 'postgres')[];
  for (const k of kinds)
    if (k !== 'pglite' && k !== 'postgres') throw new Error(`unknown backend ${k}: use pglite and/or postgres`);
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
