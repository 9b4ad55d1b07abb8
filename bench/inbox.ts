// Inbox benchmark (ADR 065): `npx tsx bench/inbox.ts [embedded] [postgres]`.
// 100,000 leads from the seed-bench generator plus 200,000 e-mails on their timelines (two per
// lead, customer and staff alternating), of which BENCH_INBOX_WAITING leads end with an unanswered
// customer e-mail and wait in the inbox (a third of them the signed-in user's, a third nobody's).
// Then server time of the inbox calls through app.inject (routing, validation, queries,
// serialisation; no socket): p50 / p99 over BENCH_INBOX_REQUESTS sequential requests per case, on
// the embedded database (a fresh data directory) and on PostgreSQL (a fresh `bench_inbox`
// database). Target: p99 <= 30 ms for every case. Writes bench/results/inbox-<time>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDb, type Database } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { seedBench } from '#server/db/seed/seed-bench.ts';
import { hashPassword } from '#server/lib/password.ts';
import { insertUser } from '#server/modules/users/users.repository.ts';
import { machineCpu } from './lib/cpu.ts';
import { cleanupAll, installCleanupHandlers, makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { freshDatabase, serverVersion } from './lib/pg.ts';
import { fmt, table } from './lib/table.ts';
import { signedInBenchApp } from './lib/signed-in-app.ts';

const COUNT = Number(process.env.BENCH_INBOX_LEADS ?? 100_000);
const EMAILS = Number(process.env.BENCH_INBOX_EMAILS ?? 200_000);
const WAITING = Number(process.env.BENCH_INBOX_WAITING ?? 5_000);
const REQUESTS = Number(process.env.BENCH_INBOX_REQUESTS ?? 200);
const WARMUP = 20;
const TARGET_MS = 30;
const NOW = new Date('2026-11-20T12:00:00Z');
const PASSWORD = 'Bench1234';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function openBackend(kind: 'embedded' | 'postgres') {
  if (kind === 'embedded') {
    const dir = makeTempDir('inbox');
    const database = await openDb({ dataDir: dir });
    await runMigrations(database);
    return {
      database,
      where: `embedded database in ${dir}`,
      dispose: async () => {
        await database.close();
        removeTempDir(dir);
      },
    };
  }
  const fresh = await freshDatabase('bench_inbox');
  const database = await openDb({ databaseUrl: fresh.url, poolSize: 10 });
  await runMigrations(database);
  return {
    database,
    where: 'PostgreSQL database bench_inbox',
    dispose: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}

/**
 * The e-mails: EMAILS entries over the leads (customer first, then staff, alternating, an hour
 * apart), each with its Message-ID; the last WAITING leads by id end on a customer's e-mail and are
 * in the inbox, a third owned by `me`, a third by `other`, a third by nobody.
 */
async function seedMail(database: Database, me: number, other: number) {
  const { db } = database;
  const perLead = Math.max(1, Math.round(EMAILS / COUNT));
  await db.execute(sql`
    insert into lead_timeline (lead_id, type, title, description, email_data, message_id, created_at)
    select l.id, 'email', 'Pedido de informação ' || n, 'Olá, gostaria de saber se o carro ainda está disponível e qual o preço final com ISV.',
      jsonb_build_object('from', l.email, 'to', 'geral@example.pt', 'subject', 'Pedido ' || n,
        'body', 'Olá, gostaria de saber se o carro ainda está disponível.', 'isOutgoing', n % 2 = 0),
      '<bench-' || l.id || '-' || n || '@cliente.test>',
      ${NOW.toISOString()}::timestamptz - make_interval(hours => (l.id % 2000) + (${perLead} - n))
    from leads l cross join generate_series(1, ${perLead}) n`);
  const rows = (await db.execute(sql`
    with waiting as (select id from leads order by id desc limit ${WAITING})
    update leads l set inbox_since = t.at - interval '2 hours', inbox_at = t.at, inbox_mailbox = l.email_source,
      staff_unread = (l.id % 3 = 0),
      assigned_to = case l.id % 3 when 0 then ${me}::int when 1 then ${other}::int else null end
    from (select w.id, ${NOW.toISOString()}::timestamptz - make_interval(mins => (w.id % 5000)) as at from waiting w) t
    where l.id = t.id returning l.id`)) as unknown as { rows: unknown[] };
  // The waiting leads' latest e-mail is the customer's.
  await db.execute(sql`
    insert into lead_timeline (lead_id, type, title, description, email_data, message_id, created_at)
    select l.id, 'email', 'Ainda está disponível?', 'Bom dia, ainda não recebi resposta. O carro ainda está disponível?',
      jsonb_build_object('from', l.email, 'to', 'geral@example.pt', 'subject', 'Ainda está disponível?', 'body', '...', 'isOutgoing', false),
      '<bench-wait-' || l.id || '@cliente.test>', l.inbox_at
    from leads l where l.inbox_at is not null`);
  const emails = (await db.execute(
    sql`select count(*)::int as n from lead_timeline where type = 'email'`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return { emails: emails.rows[0]!.n, waiting: rows.rows.length };
}

async function benchBackend(kind: 'embedded' | 'postgres') {
  console.log(`\n== ${kind} ==`);
  const { database, dispose, where } = await openBackend(kind);
  try {
    const password = await hashPassword(PASSWORD);
    const me = await insertUser(database.db, { username: 'bench', password, role: 'admin', email: 'b@example.pt' });
    const other = await insertUser(database.db, { username: 'other', password, role: 'user', email: 'o@example.pt' });
    const started = performance.now();
    const seeded = await seedBench(database.db, { count: COUNT, now: NOW });
    const mail = await seedMail(database, me!.id, other!.id);
    const seedSeconds = (performance.now() - started) / 1000;
    console.log(
      `${where}: ${seeded.leads} leads, ${mail.emails} e-mails, ${mail.waiting} waiting, in ${seedSeconds.toFixed(1)} s`,
    );
    await database.db.execute(sql`vacuum analyze`);

    const { app, cookie } = await signedInBenchApp(database, NOW, PASSWORD);
    try {
      let cursor = '';
      for (let page = 0; page < 20; page++) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/inbox?filter=all${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          headers: { cookie },
        });
        cursor = res.json().nextCursor;
      }
      const cases = [
        { name: 'inbox: all, first page', url: '/api/inbox?filter=all' },
        { name: 'inbox: mine, first page', url: '/api/inbox?filter=mine' },
        { name: 'inbox: unassigned, first page', url: '/api/inbox?filter=unassigned' },
        { name: 'inbox: all, page 21 (cursor)', url: `/api/inbox?filter=all&cursor=${encodeURIComponent(cursor)}` },
        { name: 'inbox: sidebar count', url: '/api/inbox/count' },
        {
          name: "leads list: 'My leads'",
          url: '/api/leads?owner=me&status=requested,quoted,clarifying,waiting,contacted&source=geral,comercial',
        },
      ];
      const results = [];
      for (const c of cases) {
        const t0 = performance.now();
        const m0 = machineCpu();
        const s0 = process.cpuUsage();
        const times: number[] = [];
        for (let i = 0; i < WARMUP + REQUESTS; i++) {
          const at = performance.now();
          const res = await app.inject({ method: 'GET', url: c.url, headers: { cookie } });
          if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
          if (i >= WARMUP) times.push(performance.now() - at);
        }
        const wallS = (performance.now() - t0) / 1000;
        const self = process.cpuUsage(s0);
        const m1 = machineCpu();
        const otherCpuPct = Math.round(
          (100 * Math.max(0, m1.processes - m0.processes - (self.user + self.system) / 1e6)) / wallS,
        );
        const stealPct = Math.round((100 * (m1.steal - m0.steal)) / wallS);
        const sorted = times.sort((a, b) => a - b);
        const p99 = percentile(sorted, 99);
        const r = {
          name: c.name,
          p50: percentile(sorted, 50),
          p99,
          max: sorted.at(-1)!,
          pass: p99 <= TARGET_MS,
          otherCpuPct,
          stealPct,
        };
        results.push(r);
        console.log(
          `${r.pass ? 'PASS' : 'FAIL'}  ${c.name}: p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(p99, 1)} ms (target ${TARGET_MS} ms), other processes ${otherCpuPct}%, steal ${stealPct}%`,
        );
      }
      return { kind, where, seedSeconds, leads: seeded.leads, ...mail, results };
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
    if (kind !== 'embedded' && kind !== 'postgres') throw new Error(`unknown backend ${kind}`);
    if (kind === 'postgres') console.log(`PostgreSQL ${await serverVersion()}`);
    runs.push(await benchBackend(kind));
  }
  console.log(
    `\n${REQUESTS} sequential requests per case after ${WARMUP} warm-up, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  console.log(
    table(
      ['db', 'case', 'p50 ms', 'p99 ms', 'max ms', 'result', 'other CPU', 'steal'],
      runs.flatMap((r) =>
        r.results.map((c) => [
          r.kind,
          c.name,
          fmt(c.p50, 1),
          fmt(c.p99, 1),
          fmt(c.max, 1),
          c.pass ? 'PASS' : 'FAIL',
          `${c.otherCpuPct}%`,
          `${c.stealPct}%`,
        ]),
      ),
      'llrrrlrr',
    ),
  );
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `inbox-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        machine: { cpus: os.cpus().length, node: process.version, loadavg: os.loadavg() },
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
