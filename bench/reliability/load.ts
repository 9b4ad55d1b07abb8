// Load: N clients for T seconds against one or more instances of the compiled server, each client
// one keep-alive connection sending its next call as soon as the last one is answered, in a mix of
// the public site's calls (quote requests, tax simulations) and the back office's (lead list,
// search, detail, timeline entries). Every answer other than 2xx or a rate limit's 429 is an error;
// every acknowledged write (a quote request answered 200, a timeline entry answered 201) is looked
// for afterwards through the API, as the crash part does.
// The calls and their mix are in load-calls.ts, the figures a run reports in load-figures.ts.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { cpuSeconds } from '../lib/cpu.ts';
import type { Spawned } from '../lib/server.ts';
import { createClient, type Answer } from './http-client.ts';
import { CALL_KINDS, createCaller, pickKind, type Acknowledged, type CallKind, type LoadSetup } from './load-calls.ts';
import {
  backendCpu,
  callFigures,
  percentile,
  round1,
  type CallFigures,
  type LoadError,
  type LoadRun,
} from './load-figures.ts';

/**
 * RELIABILITY_LOAD_SAMPLES=file writes every answered call of a run as [kind, sent at (s), ms]: a
 * stall shows as the second whose calls took longest (bench/README.md, "Stalls under many clients").
 */
const SAMPLES_FILE = process.env.RELIABILITY_LOAD_SAMPLES;

/**
 * `clients` clients for `seconds` seconds, spread over `servers` in turn; a tag in the quote
 * e-mails keeps each run's writes apart. Calls already sent when the time is up are waited for.
 */
export async function runLoad(
  servers: Spawned[],
  setup: LoadSetup,
  opts: { clients: number; seconds: number; warmupS?: number; tag: string; databaseUrl?: string },
): Promise<LoadRun> {
  const latencies = Object.fromEntries(CALL_KINDS.map((k) => [k, [] as number[]])) as Record<CallKind, number[]>;
  const counts = Object.fromEntries(
    CALL_KINDS.map((k) => [k, { calls: 0, ok: 0, rateLimited: 0, errors: 0 }]),
  ) as Record<CallKind, { calls: number; ok: number; rateLimited: number; errors: number }>;
  const callsPerServer = servers.map(() => 0);
  const errorSamples: LoadError[] = [];
  const acknowledged: Acknowledged = { quotes: [], timeline: [] };
  const send = createCaller(setup, opts.tag, acknowledged);

  // Every client opens its connection first (one GET /api/health each, all at once), then the
  // measured run starts: its figures are the steady state, the opening is reported apart.
  const clients = Array.from({ length: opts.clients }, (_v, c) =>
    createClient(servers[c % servers.length]!.baseUrl, { keepAlive: true }),
  );
  const connectStarted = performance.now();
  const connectMs = await Promise.all(
    clients.map(async (client) => {
      const t0 = performance.now();
      const res = await client.send({ method: 'GET', path: '/api/health', timeoutMs: 300_000 });
      if (res.status !== 200) throw new Error(`GET /api/health answered ${res.status} while connecting`);
      return performance.now() - t0;
    }),
  );
  const connecting = {
    seconds: round1((performance.now() - connectStarted) / 1000),
    slowestMs: round1(Math.max(...connectMs)),
  };

  const loadBefore = os.loadavg().map((n) => +n.toFixed(2));
  const warmupMs = (opts.warmupS ?? 0) * 1000;
  const warmupStarted = performance.now();
  const warmup = { calls: 0, errors: 0, latencies: [] as number[] };
  // The measured run starts when the warm-up ends: its clock, and the CPU counters read then.
  let started = warmupStarted + warmupMs;
  const endAt = started + opts.seconds * 1000;
  const readCounters = async () => ({
    db: opts.databaseUrl ? await backendCpu(opts.databaseUrl) : undefined,
    cpu: servers.map((s) => cpuSeconds(s.pid)),
    self: process.cpuUsage(),
  });
  let counters = await readCounters();
  const measuredStart =
    warmupMs > 0
      ? new Promise<void>((resolve) =>
          setTimeout(() => {
            started = performance.now();
            void readCounters().then((c) => {
              counters = c;
              resolve();
            });
          }, warmupMs),
        )
      : Promise.resolve();

  /** Every answered call as [kind, sent at (s into the run), ms], for RELIABILITY_LOAD_SAMPLES. */
  const samples: [CallKind, number, number][] = [];
  const slowest: LoadRun['slowest'] = [];
  const noteSlow = (entry: LoadRun['slowest'][number]) => {
    if (slowest.length === 10 && entry.ms <= slowest[9]!.ms) return;
    slowest.push(entry);
    slowest.sort((a, b) => b.ms - a.ms);
    slowest.length = Math.min(slowest.length, 10);
  };

  const runClient = async (c: number) => {
    const server = c % servers.length;
    const client = clients[c]!;
    let nth = 0;
    try {
      while (performance.now() < endAt) {
        nth += 1;
        const kind = pickKind(Math.random());
        const t0 = performance.now();
        const warming = t0 < warmupStarted + warmupMs;
        // A warm-up call counts for errors and acknowledged writes only (LoadRun.warmup).
        const tally = warming ? { calls: 0, ok: 0, rateLimited: 0, errors: 0 } : counts[kind];
        if (warming) warmup.calls += 1;
        else callsPerServer[server]! += 1;
        tally.calls += 1;
        let res: Answer;
        try {
          res = await send(client, c, server, kind);
        } catch (err) {
          tally.errors += 1;
          if (warming) warmup.errors += 1;
          if (errorSamples.length < 50)
            errorSamples.push({ kind, server, status: 'connection error', detail: (err as Error).message });
          continue;
        }
        const ms = performance.now() - t0;
        if (warming) {
          warmup.latencies.push(ms);
          if (!(res.status >= 200 && res.status < 300) && res.status !== 429) {
            warmup.errors += 1;
            if (errorSamples.length < 50)
              errorSamples.push({ kind, server, status: res.status, detail: `(warm-up) ${res.body.slice(0, 300)}` });
          }
          continue;
        }
        latencies[kind].push(ms);
        if (SAMPLES_FILE) samples.push([kind, round1((t0 - started) / 1000), round1(ms)]);
        noteSlow({ kind, ms: round1(ms), sentAtS: round1((t0 - started) / 1000), client: c, nthOfClient: nth });
        if (res.status >= 200 && res.status < 300) tally.ok += 1;
        else if (res.status === 429) tally.rateLimited += 1;
        else {
          tally.errors += 1;
          if (errorSamples.length < 50)
            errorSamples.push({ kind, server, status: res.status, detail: res.body.slice(0, 300) });
        }
      }
    } finally {
      client.close();
    }
  };
  await Promise.all([...Array.from({ length: opts.clients }, (_v, c) => runClient(c)), measuredStart]);

  const wallS = (performance.now() - started) / 1000;
  const { db: db0, cpu: cpu0, self: self0 } = counters;
  if (SAMPLES_FILE) writeFileSync(SAMPLES_FILE, JSON.stringify(samples));
  const self = process.cpuUsage(self0);
  const serverCpuS = servers.map((s, i) => cpuSeconds(s.pid) - cpu0[i]!);
  let databaseCpu: LoadRun['databaseCpu'];
  if (opts.databaseUrl && db0) {
    const db1 = await backendCpu(opts.databaseUrl);
    // Backends that started during the load started from nothing; any that ended are not counted.
    const used = [...db1].reduce((sum, [pid, cpu]) => sum + cpu - (db0.get(pid) ?? 0), 0);
    databaseCpu = {
      pct: round1((100 * used) / wallS),
      perCallUs: Math.round((used * 1e6) / (callsPerServer.reduce((a, b) => a + b, 0) || 1)),
      backends: db1.size,
    };
  }
  const perKind = Object.fromEntries(
    CALL_KINDS.map((kind) => [kind, callFigures(counts[kind], latencies[kind], wallS)]),
  ) as Record<CallKind, CallFigures>;
  const calls = CALL_KINDS.reduce((s, k) => s + counts[k].calls, 0);
  return {
    clients: opts.clients,
    servers: servers.length,
    seconds: round1(wallS),
    calls,
    callsPerSecond: round1(calls / wallS),
    perKind,
    callsPerServer,
    errors: CALL_KINDS.reduce((s, k) => s + counts[k].errors, 0) + warmup.errors,
    rateLimited: CALL_KINDS.reduce((s, k) => s + counts[k].rateLimited, 0),
    errorSamples,
    connecting,
    warmup: (() => {
      const sorted = warmup.latencies.sort((a, b) => a - b);
      return {
        seconds: warmupMs / 1000,
        calls: warmup.calls,
        errors: warmup.errors,
        p99Ms: round1(percentile(sorted, 99)),
        maxMs: round1(sorted.at(-1) ?? NaN),
      };
    })(),
    slowest,
    acknowledged,
    ...(databaseCpu ? { databaseCpu } : {}),
    serverCpu: servers.map((_s, i) => {
      const used = serverCpuS[i]!;
      return { pct: round1((100 * used) / wallS), perCallUs: Math.round((used * 1e6) / (callsPerServer[i] || 1)) };
    }),
    clientCpuPct: round1((100 * (self.user + self.system)) / 1e6 / wallS),
    loadAverage: { before: loadBefore, after: os.loadavg().map((n) => +n.toFixed(2)) },
  };
}
