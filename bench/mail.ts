/**
 * bench/mail: import of N messages (default 5,000) from the mail rig into leads, then the cost of
 * a poll of the unchanged mailbox. Targets (issue 14): 5,000 messages in under 60 s with at most
 * 100 MB extra memory; an unchanged poll under 100 ms. Needs root and Dovecot + Postfix.
 *
 * Run: `node --expose-gc --import tsx bench/mail.ts [N]` (the embedded PostgreSQL in a temporary
 * DATA_DIR), or with
 * `BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres` on a PostgreSQL database of its own
 * (`BENCH_PG_DB`, default bench_mail), dropped afterwards. Messages are APPENDed over IMAP first
 * (the import is what is timed). Memory: RSS, V8 heap, external and ArrayBuffers before, at their
 * peak (sampled every 20 ms) and after a GC at the end; on the embedded database also the RSS of a
 * process of its own that opens the imported DATA_DIR and reads it (`--idle-embedded DIR`; the
 * database server's processes are not in it: bench/embedded-start.ts counts those).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ImapFlow } from 'imapflow';
import { defaultMailSettings } from '#server/integrations/mail/mail-settings.ts';
import { startMailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import { buildApp } from '#server/app.ts';
import { openDb } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { createLocalHub } from '#server/realtime/hub.ts';
import { freshDatabase } from './lib/pg.ts';

const MB = 1048576;
const mb = (n: number) => Math.round(n / MB);
const gc = async () => {
  for (let i = 0; i < 3; i++) {
    global.gc?.();
    await new Promise((r) => setTimeout(r, 20));
  }
};
type Mem = Pick<NodeJS.MemoryUsage, 'rss' | 'heapUsed' | 'external' | 'arrayBuffers'>;
const memory = (): Mem => {
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, external, arrayBuffers };
};

// A child process: open the imported DATA_DIR, read every lead and timeline row once (as the
// app's queries would page them in), and report its RSS (the app's side; the server is separate).
if (process.argv[2] === '--idle-embedded') {
  await gc();
  const before = memory();
  const database = await openDb({ dataDir: process.argv[3]! });
  const opened = memory();
  const { sql } = await import('drizzle-orm');
  await database.db.execute(sql`select * from leads`);
  await database.db.execute(sql`select * from lead_timeline`);
  await database.db.execute(sql`select * from mail_messages`);
  await gc();
  const after = memory();
  await database.close();
  console.log(
    JSON.stringify({ rssBeforeMB: mb(before.rss), rssOpenMB: mb(opened.rss), rssAfterReadMB: mb(after.rss) }),
  );
  process.exit(0);
}

const N = Number(process.argv[2] ?? 5000);
const pgUrl = process.env.BENCH_PG_URL;
if (!global.gc) console.warn('run with node --expose-gc for settled memory figures');
const rig = await startMailRig();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-mail-'));
let dropPg: (() => Promise<void>) | null = null;
try {
  const imap = new ImapFlow({
    host: rig.host,
    port: rig.ports.imap,
    secure: false,
    auth: { user: 'geral@example.test', pass: 'geral-pass' },
    logger: false,
  });
  await imap.connect();
  const t0 = Date.now();
  for (let i = 0; i < N; i++) {
    const from = i % 10 === 0 ? `news${i}@lista.test` : `cliente${i}@bench.test`;
    const list = i % 10 === 0 ? 'List-Id: <promo.lista.test>\r\n' : '';
    await imap.append(
      'INBOX',
      `From: Cliente ${i} <${from}>\r\nTo: geral@example.test\r\n${list}Subject: Pedido ${i}\r\nMessage-ID: <bench-${i}@bench.test>\r\nDate: ${new Date().toUTCString()}\r\n\r\nOlá, quero importar https://www.autoscout24.pt/anuncios/bmw-320-d-0a1b2c3d-1111-2222-3333-${String(i).padStart(12, '0')} tel 912 345 ${String(i % 1000).padStart(3, '0')}\r\n`,
    );
  }
  await imap.logout();
  console.log(`appended ${N} messages in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  let database;
  if (pgUrl) {
    const fresh = await freshDatabase(process.env.BENCH_PG_DB ?? 'bench_mail');
    dropPg = fresh.drop;
    database = await openDb({ databaseUrl: fresh.url });
  } else {
    database = await openDb({ dataDir });
  }
  await runMigrations(database);
  const t = await buildApp({
    database,
    hub: createLocalHub(),
    env: {
      TRUST_PROXY: false,
      SESSION_TTL_DAYS: 30,
      SESSION_IDLE_DAYS: 7,
      LOGIN_RATE_LIMIT_PER_MINUTE: 100,
      ISV_RATE_LIMIT_PER_MINUTE: 100,
    },
    mail: defaultMailSettings(),
  });
  const { mailboxes } = t.services;
  const connect = await mailboxes.connections.connectImap('geral', {
    address: 'geral@example.test',
    username: 'geral@example.test',
    password: 'geral-pass',
    imap: { host: '127.0.0.1', port: rig.ports.imap, security: 'none' },
    smtp: { host: '127.0.0.1', port: rig.ports.submission, security: 'none' },
  });
  if (!connect.isAuthenticated) throw new Error('not connected');
  await gc();
  const start = memory();
  const peak = { ...start };
  const timer = setInterval(() => {
    const m = memory();
    for (const k of Object.keys(peak) as Array<keyof Mem>) peak[k] = Math.max(peak[k], m[k]);
  }, 20);
  const cpu0 = process.cpuUsage();
  const s0 = performance.now();
  let fetched = 0;
  let leads = 0;
  let ignored = 0;
  for (;;) {
    const r = await mailboxes.sync.syncMailbox('geral');
    if (!r || r === 'busy') throw new Error(`sync: ${String(r)}`);
    if (r.error) throw new Error(r.error);
    fetched += r.fetched;
    leads += r.leadsCreated;
    ignored += r.ignored;
    if (r.fetched === 0) break;
  }
  const seconds = (performance.now() - s0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  clearInterval(timer);
  await gc();
  const end = memory();
  const polls: number[] = [];
  for (let i = 0; i < 5; i++) {
    const p0 = performance.now();
    await mailboxes.sync.syncMailbox('geral');
    polls.push(performance.now() - p0);
  }
  polls.sort((a, b) => a - b);
  await t.app.close();
  await database.close();
  await gc();
  const closed = memory();
  const idle = pgUrl
    ? null
    : (JSON.parse(
        execFileSync(
          process.execPath,
          ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--idle-embedded', dataDir],
          { encoding: 'utf8' },
        ).trim(),
      ) as Record<string, number>);
  const delta = (k: keyof Mem, to: Mem) => mb(to[k] - start[k]);
  console.log(
    JSON.stringify({
      database: pgUrl ? 'postgres' : 'embedded',
      messages: fetched,
      leadsCreated: leads,
      ignored,
      seconds: Number(seconds.toFixed(1)),
      messagesPerSecond: Math.round(fetched / seconds),
      cpuSeconds: Number(((cpu.user + cpu.system) / 1e6).toFixed(1)),
      startMB: { rss: mb(start.rss), heapUsed: mb(start.heapUsed), external: mb(start.external) },
      extraPeakMB: {
        rss: delta('rss', peak),
        heapUsed: delta('heapUsed', peak),
        external: delta('external', peak),
        arrayBuffers: delta('arrayBuffers', peak),
      },
      extraAfterGcMB: { rss: delta('rss', end), heapUsed: delta('heapUsed', end), external: delta('external', end) },
      rssAfterDatabaseClosedMB: mb(closed.rss),
      idleEmbedded: idle,
      unchangedPollMsMedian: Number(polls[2]!.toFixed(1)),
      loadAvg: os.loadavg().map((n) => +n.toFixed(2)),
    }),
  );
} finally {
  await rig.stop();
  await dropPg?.();
  rmSync(dataDir, { recursive: true, force: true });
}
