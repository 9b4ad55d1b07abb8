// E-mail outbox benchmarks (ADR 027, ADR 041): `npx tsx bench/email-outbox.ts` (root: it starts the mail rig).
//   (a) saturation, for information: POST /api/leads/{id}/send-email through the app (in process,
//       Fastify inject), 10 callers back to back, 1,000 calls: calls/s and the queue they form;
//   (b) the drain: those 1,000 queued messages sent through the real mailbox sender to the mail rig
//       (nodemailer -> Postfix submission -> Dovecot, plus the IMAP APPEND of each Sent copy), in
//       messages/s, and every one delivered exactly once;
//   (c) the send call under load, the target (ADR 041): while (b) works off its backlog, sends
//       arrive from independent callers at random (Poisson) at OUTBOX_BENCH_RATE per second, each
//       timed from the moment it was due; target p99 <= 20 ms: the call only queues.
// the embedded PostgreSQL in a temporary DATA_DIR (BENCH_PG_URL=postgres://... to use PostgreSQL instead).
// Prints the figures and writes bench/results/email-outbox-<timestamp>.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ImapFlow } from 'imapflow';
import pino from 'pino';
import { buildApp } from '#server/app.ts';
import { openDb } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { leads } from '#server/db/schema/leads.ts';
import { emailOutbox } from '#server/db/schema/outbox.ts';
import { hashPassword } from '#server/lib/password.ts';
import { defaultMailSettings } from '#server/integrations/mail/mail-settings.ts';
import { startMailRig } from '#server/integrations/mail/test-rig/mail-rig.ts';
import { insertUser } from '#server/modules/users/users.repository.ts';
import { createLocalHub } from '#server/realtime/hub.ts';
import { countQueries } from './lib/query-count.ts';
import { queryLog } from './lib/query-log.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MESSAGES = Number(process.env.OUTBOX_BENCH_MESSAGES ?? 1000);
const CONCURRENCY = Number(process.env.OUTBOX_BENCH_CONCURRENCY ?? 10);
const DRAIN = process.env.OUTBOX_BENCH_DRAIN !== '0';
const TARGET_P99_MS = 20;
/** Sends per second arriving during the drain (ADR 041: about a hundred times a busy sales team's peak). */
const RATE = Number(process.env.OUTBOX_BENCH_RATE ?? 10);

/** OUTBOX_BENCH_PROFILE=file.cpuprofile: a V8 CPU profile of the send phase only (open it in DevTools). */
async function startProfile(): Promise<() => Promise<object>> {
  const session = new Session();
  session.connect();
  const post = (method: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) =>
      session.post(method, (err, res) => (err ? reject(err) : resolve(res as Record<string, unknown>))),
    );
  await post('Profiler.enable');
  await post('Profiler.start');
  return async () => {
    const { profile } = await post('Profiler.stop');
    session.disconnect();
    return profile as object;
  };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const rig = await startMailRig();
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-outbox-'));
const database = await openDb(
  process.env.BENCH_PG_URL
    ? { databaseUrl: process.env.BENCH_PG_URL, logger: queryLog }
    : { dataDir: dir, logger: queryLog },
);
try {
  await runMigrations(database);
  const { app, services } = await buildApp({
    database,
    hub: createLocalHub(),
    env: {
      TRUST_PROXY: false,
      SESSION_TTL_DAYS: 30,
      SESSION_IDLE_DAYS: 7,
      LOGIN_RATE_LIMIT_PER_MINUTE: 1000,
      ISV_RATE_LIMIT_PER_MINUTE: 1000,
    },
    logger: pino({ level: 'error' }),
    mail: defaultMailSettings({}),
    drainOnSend: false,
    webRoot: '/nonexistent',
  });
  await app.ready();
  await insertUser(database.db, { username: 'bench', password: await hashPassword('Bench123!x'), role: 'admin' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'bench', password: 'Bench123!x' },
  });
  const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
  const connect = await app.inject({
    method: 'POST',
    url: '/api/gmail/connect/geral',
    headers: { cookie },
    payload: {
      address: 'geral@example.test',
      imap: { host: rig.host, port: rig.ports.imap, security: 'none' },
      smtp: { host: rig.host, port: rig.ports.submission, security: 'none' },
      username: 'geral@example.test',
      password: rig.users.get('geral@example.test'),
    },
  });
  if (connect.statusCode !== 200) throw new Error(`connect: ${connect.body}`);
  const [lead] = await database.db
    .insert(leads)
    .values({
      reference: 'BENCH1',
      firstName: 'Cliente',
      email: 'cliente@example.test',
      vehicleMake: 'BMW',
      vehicleModel: '320d',
    })
    .returning();

  // The statements of one call (the request path included: session lookup, etc.), then the load.
  const queries = countQueries();
  const sendOne = (i: number) =>
    app.inject({
      method: 'POST',
      url: `/api/leads/${lead!.id}/send-email`,
      headers: { cookie },
      payload: { subject: `Mensagem ${i}`, body: `Olá, esta é a mensagem <b>${i}</b>.` },
    });
  const probe = await queries.during(() => sendOne(0));
  if (probe.result.statusCode !== 202) throw new Error(`probe: ${probe.result.statusCode} ${probe.result.body}`);
  console.log(`one send call: ${probe.queries.length} statements`);
  for (const q of probe.queries) console.log(`  ${q}`);

  // (a) the send call.
  const latencies: number[] = [];
  let next = 1;
  const profile = process.env.OUTBOX_BENCH_PROFILE ? await startProfile() : null;
  const queriesBefore = queries.total();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < MESSAGES) {
        const i = next++;
        const start = performance.now();
        const res = await sendOne(i);
        latencies.push(performance.now() - start);
        if (res.statusCode !== 202) throw new Error(`send ${i}: ${res.statusCode} ${res.body}`);
      }
    }),
  );
  const queueSeconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  if (profile) writeFileSync(process.env.OUTBOX_BENCH_PROFILE!, JSON.stringify(await profile()));
  latencies.sort((a, b) => a - b);
  const calls = MESSAGES - 1;
  const send = {
    calls,
    concurrency: CONCURRENCY,
    statementsPerCall: (queries.total() - queriesBefore) / calls,
    cpuMsPerCall: (cpu.user + cpu.system) / 1000 / calls,
    perSecond: calls / queueSeconds,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    max: latencies.at(-1)!,
  };
  console.log(
    `saturation (${CONCURRENCY} callers back to back, for information): ${send.statementsPerCall.toFixed(1)} statements, ${send.cpuMsPerCall.toFixed(2)} ms CPU (this process) per call; ${send.perSecond.toFixed(0)} calls/s, p50 ${send.p50.toFixed(1)} ms, p99 ${send.p99.toFixed(1)} ms`,
  );

  // (b) the drain through the rig.
  let drain: Record<string, number> | null = null;
  let underLoad: Record<string, number | string> | null = null;
  drainBlock: {
    const d0 = performance.now();
    const dcpu0 = process.cpuUsage();
    const loadProfile = process.env.OUTBOX_BENCH_PROFILE_LOAD ? await startProfile() : null;
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const draining = DRAIN ? services.outbox.drain() : null;
    // (c) Open loop: arrivals do not wait for each other; a late start counts against the call.
    const arrivals: number[] = [];
    const windowMs = DRAIN ? null : 10_000;
    const due: Promise<void>[] = [];
    let finished = false;
    void draining?.finally(() => (finished = true));
    let at = performance.now();
    while (windowMs === null ? !finished : at - d0 < windowMs) {
      at += -Math.log(1 - Math.random()) * (1000 / RATE);
      const wait = at - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const i = next++;
      const dueAt = at;
      due.push(
        sendOne(i).then((res) => {
          arrivals.push(performance.now() - dueAt);
          if (res.statusCode !== 202) throw new Error(`send ${i}: ${res.statusCode} ${res.body}`);
        }),
      );
    }
    await Promise.all(due);
    loopDelay.disable();
    if (loadProfile) writeFileSync(process.env.OUTBOX_BENCH_PROFILE_LOAD!, JSON.stringify(await loadProfile()));
    arrivals.sort((a, b) => a - b);
    underLoad = {
      during: DRAIN ? 'the drain of the backlog' : '10 s without a drain',
      ratePerSecond: RATE,
      calls: arrivals.length,
      p50: pct(arrivals, 50),
      p99: pct(arrivals, 99),
      max: arrivals.at(-1)!,
      /** How late the event loop ran its timers meanwhile (what a call waits for before it even starts). */
      loopDelayP99: loopDelay.percentile(99) / 1e6,
      loopDelayMax: loopDelay.max / 1e6,
    };
    console.log(
      `send call under load (${underLoad.calls} sends arriving at random, ${RATE}/s, during ${underLoad.during}): p50 ${pct(arrivals, 50).toFixed(1)} ms, p99 ${pct(arrivals, 99).toFixed(1)} ms, max ${arrivals.at(-1)!.toFixed(1)} ms; event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms (target p99 <= ${TARGET_P99_MS} ms) ${pct(arrivals, 99) <= TARGET_P99_MS ? 'PASS' : 'FAIL'}`,
    );
    if (!DRAIN) break drainBlock;
    // The drain picks up what (c) queued as it goes; whatever is left is worked off now.
    const sent = (await draining!) + (await services.outbox.drain());
    const drainSeconds = (performance.now() - d0) / 1000;
    const dcpu = process.cpuUsage(dcpu0);
    const cpuMsPerMessage = (dcpu.user + dcpu.system) / 1000 / Math.max(sent, 1);
    const deadline = Date.now() + 120_000;
    const total = next;
    const count = () => rig.inbox('cliente@example.test').length;
    while (count() < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    const delivered = count();
    // Exactly once: every Message-ID the outbox fixed arrives once, none twice, none unknown.
    const ids = (await database.db.select({ messageId: emailOutbox.messageId }).from(emailOutbox)).map(
      (r) => r.messageId,
    );
    const seen = new Map<string, number>();
    for (const raw of rig.inbox('cliente@example.test')) {
      const id = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '?';
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }
    const once = ids.filter((id) => seen.get(id) === 1).length;
    const twice = [...seen.values()].filter((n) => n > 1).length;
    const missing = ids.filter((id) => !seen.has(id)).length;
    // The Sent copies (IMAP APPEND) in the sending mailbox.
    const imap = new ImapFlow({
      host: rig.host,
      port: rig.ports.imap,
      secure: false,
      doSTARTTLS: false,
      auth: { user: 'geral@example.test', pass: rig.users.get('geral@example.test')! },
      logger: false,
    });
    await imap.connect();
    const status = await imap.status('Sent', { messages: true });
    const sentCopies = status ? (status.messages ?? 0) : 0;
    await imap.logout();
    drain = {
      sent,
      sentCopies,
      seconds: drainSeconds,
      perSecond: sent / drainSeconds,
      cpuMsPerMessage,
      deliveredToInbox: delivered,
      exactlyOnce: once,
      duplicated: twice,
      missing,
    };
    console.log(
      `drain: ${sent} sent in ${drainSeconds.toFixed(1)} s = ${(sent / drainSeconds).toFixed(1)} messages/s (${cpuMsPerMessage.toFixed(1)} ms CPU of this process each); ${delivered} in the customer's inbox (expected ${total}): ${once} exactly once, ${twice} duplicated, ${missing} missing; ${sentCopies} copies in Sent`,
    );
  }

  mkdirSync(path.join(repoRoot, 'bench', 'results'), { recursive: true });
  const file = path.join(
    repoRoot,
    'bench',
    'results',
    `email-outbox-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  );
  writeFileSync(
    file,
    JSON.stringify(
      { database: database.kind, cpus: os.cpus().length, loadavg: os.loadavg(), send, underLoad, drain },
      null,
      2,
    ),
  );
  console.log(`written ${path.relative(repoRoot, file)}`);
  await app.close();
} finally {
  await database.close();
  await rig.stop();
  rmSync(dir, { recursive: true, force: true });
}
