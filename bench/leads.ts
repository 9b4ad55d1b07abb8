// Leads list benchmark (server-side list at 100,000 leads): `npx tsx bench/leads.ts [embedded] [postgres]`.
// 100,000 leads from the seed-bench generator, on the embedded PostgreSQL (a fresh DATA_DIR, the
// server's own settings, ADR 048) and on PostgreSQL (a fresh `bench_leads` database), then server time of the leads
// calls through app.inject (the real app in this process: routing, validation, queries,
// serialisation; no socket): p50 / p99 over BENCH_LEADS_REQUESTS sequential requests per case.
// Targets: list, search and the pipeline board p99 <= 30 ms, detail p99 <= 15 ms. BENCH_LEADS_EXPLAIN=1 prints the
// plan (EXPLAIN ANALYZE) of every leads query of each case. Writes bench/results/leads-<time>.json.
// The cases and how one is measured: bench/leads-cases.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDb, type Database } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { seedBench } from '#server/db/seed/seed-bench.ts';
import { hashPassword } from '#server/lib/password.ts';
import { insertUser } from '#server/modules/users/users.repository.ts';
import { cleanupAll, installCleanupHandlers, makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { freshDatabase, serverVersion } from './lib/pg.ts';
import { fmt, table } from './lib/table.ts';
import { DEFAULT_VIEW, leadsCases, measureCase, REQUESTS, WARMUP, type CaseResult } from './leads-cases.ts';
import { queryLog } from './lib/query-log.ts';
import { signedInBenchApp } from './lib/signed-in-app.ts';

const COUNT = Number(process.env.BENCH_LEADS_COUNT ?? 100_000);
/** 0: measure straight after the bulk insert, before any VACUUM / ANALYZE (planner without statistics). */
const MAINTENANCE = process.env.BENCH_LEADS_MAINTENANCE !== '0';
const NOW = new Date('2026-11-20T12:00:00Z');
const PASSWORD = 'Bench1234';

async function openBackend(
  kind: 'embedded' | 'postgres',
): Promise<{ database: Database; dispose: () => Promise<void>; where: string }> {
  if (kind === 'embedded') {
    const dir = makeTempDir('leads');
    const database = await openDb({ dataDir: dir, logger: queryLog });
    await runMigrations(database);
    return {
      database,
      where: `embedded PostgreSQL in ${dir}`,
      dispose: async () => {
        await database.close();
        removeTempDir(dir);
      },
    };
  }
  const fresh = await freshDatabase('bench_leads');
  const database = await openDb({ databaseUrl: fresh.url, poolSize: 10, logger: queryLog });
  await runMigrations(database);
  return {
    database,
    where: 'PostgreSQL database bench_leads',
    dispose: async () => {
      await database.close();
      await fresh.drop();
    },
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
      firstName: 'Bench',
    });
    let started = performance.now();
    const seeded = await seedBench(database.db, { count: COUNT, now: NOW });
    const seedSeconds = (performance.now() - started) / 1000;
    console.log(
      `${where}: ${seeded.leads} leads, ${seeded.timelineEntries} timeline entries in ${seedSeconds.toFixed(1)} s`,
    );
    let maintenanceMs: number | null = null;
    if (MAINTENANCE) {
      // What a running server has: autovacuum; on the machine's PostgreSQL it is switched off,
      // so it is run by hand on both.
      started = performance.now();
      await database.db.execute(sql`vacuum analyze`);
      maintenanceMs = Math.round(performance.now() - started);
      console.log(`VACUUM ANALYZE: ${maintenanceMs} ms`);
    }

    const { app, cookie } = await signedInBenchApp(database, NOW, PASSWORD);
    try {
      // A cursor 1,000 rows deep, reached the way a client gets there.
      let deepCursor = '';
      for (let page = 0; page < 20; page++) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/leads?${DEFAULT_VIEW}${deepCursor ? `&cursor=${deepCursor}` : ''}`,
          headers: { cookie },
        });
        deepCursor = res.json().nextCursor;
      }
      // Leads spread over the table, the same ones on both databases (same seed, same order).
      const picked = await database.db.execute(
        sql`select id from leads where id % 97 = 0 order by id limit ${REQUESTS + WARMUP}`,
      );
      const ids = (picked as { rows: { id: number }[] }).rows.map((r) => r.id);
      const reference = (
        (await database.db.execute(sql`select reference from leads where id = ${ids[0]!}`)) as unknown as {
          rows: { reference: string }[];
        }
      ).rows[0]!.reference;

      const cases = leadsCases({ deepCursor, ids, reference });

      const results: CaseResult[] = [];
      for (const c of cases) {
        const r = await measureCase(app, database, cookie, c);
        if (r) results.push(r);
      }

      // The CSV of the whole table once: time and memory of the batched export.
      started = performance.now();
      const csv = await app.inject({ method: 'GET', url: '/api/leads/export.csv', headers: { cookie } });
      const exportMs = performance.now() - started;
      const exportInfo = {
        ms: Math.round(exportMs),
        bytes: csv.rawPayload.length,
        rows: csv.body.split('\r\n').length - 2,
      };
      console.log(
        `export.csv of all ${exportInfo.rows} leads: ${exportInfo.ms} ms, ${(exportInfo.bytes / 1048576).toFixed(1)} MB (inject buffers the whole answer)`,
      );
      return { kind, where, seedSeconds, seeded, maintenanceMs, results, export: exportInfo };
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
  console.log(
    `\n${COUNT} leads, ${REQUESTS} sequential requests per case after ${WARMUP} warm-up, server time through app.inject${MAINTENANCE ? '' : ', no VACUUM / ANALYZE'}\n`,
  );
  const rows = runs.flatMap((r) =>
    r.results.map((c) => [
      r.kind,
      c.name,
      fmt(c.p50, 1),
      fmt(c.p99, 1),
      fmt(c.max, 1),
      c.target === null ? '-' : `<= ${c.target}`,
      c.target === null ? '' : c.pass ? 'PASS' : 'FAIL',
      `${c.otherCpuPct}%`,
      `${c.stealPct}%`,
    ]),
  );
  console.log(
    table(
      ['db', 'case', 'p50 ms', 'p99 ms', 'max ms', 'target p99', 'result', 'other CPU', 'steal'],
      rows,
      'llrrrrlrr',
    ),
  );
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `leads-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        machine: { cpus: os.cpus().length, node: process.version, loadavg: os.loadavg() },
        count: COUNT,
        requests: REQUESTS,
        maintenance: MAINTENANCE,
        runs,
      },
      null,
      2,
    ),
  );
  console.log(`\nwritten ${path.relative(process.cwd(), file)}`);
  await cleanupAll();
  process.exitCode = runs.every((r) => r.results.every((c) => c.pass)) ? 0 : 1;
}

await main();
