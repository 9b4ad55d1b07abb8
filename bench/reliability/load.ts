// Load: N clients for T seconds against one or more instances of the compiled server, each client
// one keep-alive connection sending its next call as soon as the last one is answered, in a mix of
// the public site's calls (quote requests, tax simulations) and the back office's (lead list,
// search, detail, timeline entries). Every answer other than 2xx or a rate limit's 429 is an error;
// every acknowledged write (a quote request answered 200, a timeline entry answered 201) is looked
// for afterwards through the API, as the crash part does.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { cpuSeconds } from '../lib/cpu.ts';
import type { Spawned } from '../lib/server.ts';
import { createClient, json, type Answer, type Client } from './http-client.ts';

export const CALL_KINDS = ['list', 'search', 'detail', 'timeline', 'quote', 'isv'] as const;
export type CallKind = (typeof CALL_KINDS)[number];

/** Share of each call in the mix, out of 100: the back office reads most, the public site writes. */
export const MIX: Record<CallKind, number> = { list: 25, search: 20, detail: 20, timeline: 15, quote: 10, isv: 10 };

/** Labels for reports: what each kind calls. */
export const CALL_LABELS: Record<CallKind, string> = {
  list: 'GET /api/leads?limit=50',
  search: 'GET /api/leads?search=…&limit=50',
  detail: 'GET /api/leads/{id}',
  timeline: 'POST /api/leads/{id}/timeline',
  quote: 'POST /api/contact-form',
  isv: 'POST /api/isv/simulate',
};

/**
 * RELIABILITY_LOAD_SAMPLES=file writes every answered call of a run as [kind, sent at (s), ms]: a
 * stall shows as the second whose calls took longest (bench/README.md, "Stalls under many clients").
 */
const SAMPLES_FILE = process.env.RELIABILITY_LOAD_SAMPLES;

/** A call unanswered this long counts as an error (slow answers show in the percentiles; this catches hangs). */
const CALL_TIMEOUT_MS = 60_000;

export interface CallFigures {
  /** Calls sent (answered or not). */
  calls: number;
  /** Answered 2xx. */
  ok: number;
  /** Answered 429 by a per-address rate limit. */
  rateLimited: number;
  /** Anything else: another status, a dropped connection, a timeout. */
  errors: number;
  callsPerSecond: number;
  /** Over the answered calls, in milliseconds. */
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
}

export interface LoadError {
  kind: CallKind;
  server: number;
  status: number | 'connection error';
  detail: string;
}

export interface LoadSetup {
  /** Staff session cookies (admin and role user, alternating); sessions live in the database, so any instance accepts them. */
  cookies: string[];
  /** Leads created before the load: detail reads and timeline writes go to them. */
  leadIds: number[];
}

export interface Acknowledged {
  quotes: { email: string; server: number }[];
  timeline: { id: number; leadId: number; server: number }[];
}

export interface LoadRun {
  clients: number;
  servers: number;
  seconds: number;
  calls: number;
  callsPerSecond: number;
  perKind: Record<CallKind, CallFigures>;
  callsPerServer: number[];
  errors: number;
  rateLimited: number;
  /** The first errors, for the message of a failing test. */
  errorSamples: LoadError[];
  /** Opening the clients' connections before the measured run: how long it took, and the slowest one. */
  connecting: { seconds: number; slowestMs: number };
  /**
   * The same load for `seconds` before the measured run (a server's first seconds under load run
   * cold code): its calls count for errors and acknowledged writes, not for the figures above.
   */
  warmup: { seconds: number; calls: number; errors: number; p99Ms: number; maxMs: number };
  /** The 10 slowest calls: when they were sent (s into the run) and which call of their client they were. */
  slowest: { kind: CallKind; ms: number; sentAtS: number; client: number; nthOfClient: number }[];
  acknowledged: Acknowledged;
  /** CPU of each server process during the load, % of one core, and its CPU time per call (µs). */
  serverCpu: { pct: number; perCallUs: number }[];
  /**
   * PostgreSQL only (with `databaseUrl`): CPU of the database's server processes serving this
   * database during the load, % of one core, and per call (µs), over all instances.
   */
  databaseCpu?: { pct: number; perCallUs: number; backends: number };
  /** CPU of this process (the clients), % of one core. */
  clientCpuPct: number;
  loadAverage: { before: number[]; after: number[] };
}

/** Search terms: names and cars of seeded leads, the quote requests' name, a phone fragment, no match. */
const SEARCH_TERMS = ['Silva', 'golf', 'Ferr', 'Load Quote', '912', 'Tesla', 'nothing-matches-this', 'costa'];

const ISV_BODIES = [
  { fuel: 'petrol', engineCc: 1498, co2: 130, co2Cycle: 'wltp', firstRegistration: '2019-05-10', price: 18_500 },
  { fuel: 'diesel', engineCc: 1995, co2: 120, co2Cycle: 'nedc', firstRegistration: '2016-03-01' },
  { fuel: 'electric', firstRegistration: '2021-09-15', price: 32_000 },
  { fuel: 'petrol', engineCc: 1998, co2: 35, hybrid: 'plugin', electricRangeKm: 60, firstRegistration: null },
  { fuel: 'lpg', engineCc: 999, co2: 110, registrationCountry: 'non_eu', firstRegistration: '2020-01-20' },
];

const quoteBody = (email: string, n: number) => ({
  name: 'Load Quote',
  email,
  phone: `+351 92${String(n % 10_000_000).padStart(7, '0')}`,
  vehicleChoice: 'brand_model',
  vehicleLink: '',
  brand: 'Peugeot',
  model: '308',
  budget: '18.000',
  year: '2020',
  mileage: '60 000',
  transmission: 'manual',
  fuelType: 'gasoleo',
  honeypot: '',
  formDuration: 9100,
});

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function pickKind(rnd: number): CallKind {
  let acc = 0;
  for (const kind of CALL_KINDS) {
    acc += MIX[kind];
    if (rnd * 100 < acc) return kind;
  }
  return 'list';
}

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
  let quoteCounter = 0;

  const send = async (client: Client, c: number, server: number, kind: CallKind): Promise<Answer> => {
    const cookie = setup.cookies[c % setup.cookies.length]!;
    const timeoutMs = CALL_TIMEOUT_MS;
    // Each client is one address (X-Forwarded-For is trusted from loopback); each quote request
    // comes from an address of its own, as from different visitors (the form allows 10 an hour each).
    const ip = `10.1.${(c >> 8) & 255}.${c & 255}`;
    const lead = () => setup.leadIds[Math.floor(Math.random() * setup.leadIds.length)]!;
    switch (kind) {
      case 'list':
        return json(client, 'GET', '/api/leads?limit=50', undefined, { cookie, ip, timeoutMs });
      case 'search': {
        const term = SEARCH_TERMS[Math.floor(Math.random() * SEARCH_TERMS.length)]!;
        return json(client, 'GET', `/api/leads?search=${encodeURIComponent(term)}&limit=50`, undefined, {
          cookie,
          ip,
          timeoutMs,
        });
      }
      case 'detail':
        return json(client, 'GET', `/api/leads/${lead()}`, undefined, { cookie, ip, timeoutMs });
      case 'timeline': {
        const leadId = lead();
        const res = await json(
          client,
          'POST',
          `/api/leads/${leadId}/timeline`,
          { type: 'call', title: `Load call ${opts.tag}`, description: `client ${c} on server ${server}` },
          { cookie, ip, timeoutMs },
        );
        if (res.status === 201) acknowledged.timeline.push({ id: (res.json() as { id: number }).id, leadId, server });
        return res;
      }
      case 'quote': {
        quoteCounter += 1;
        const n = quoteCounter;
        const email = `load-${opts.tag}-${n}@example.pt`;
        const res = await json(client, 'POST', '/api/contact-form', quoteBody(email, n), {
          ip: `172.${16 + ((n >> 16) & 15)}.${(n >> 8) & 255}.${n & 255}`,
          timeoutMs,
        });
        if (res.status === 200) acknowledged.quotes.push({ email, server });
        return res;
      }
      case 'isv':
        return json(client, 'POST', '/api/isv/simulate', ISV_BODIES[c % ISV_BODIES.length], { ip, timeoutMs });
    }
  };

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
    CALL_KINDS.map((kind) => {
      const sorted = latencies[kind].sort((a, b) => a - b);
      const mean = sorted.reduce((s, v) => s + v, 0) / (sorted.length || 1);
      const figures: CallFigures = {
        ...counts[kind],
        callsPerSecond: round1(counts[kind].calls / wallS),
        latencyMs: {
          p50: round1(percentile(sorted, 50)),
          p90: round1(percentile(sorted, 90)),
          p99: round1(percentile(sorted, 99)),
          max: round1(sorted.at(-1) ?? NaN),
          mean: round1(mean),
        },
      };
      return [kind, figures];
    }),
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

/** CPU seconds so far of each PostgreSQL server process serving the database (its sessions), by pid. */
async function backendCpu(databaseUrl: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        cpu.set(pid, cpuSeconds(pid));
      } catch {
        /* ended meanwhile, or PostgreSQL runs on another machine */
      }
    }
    return cpu;
  } finally {
    await client.end();
  }
}
