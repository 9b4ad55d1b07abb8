// A true open-loop load generator (ADR 072): requests leave at scheduled times, fixed intervals
// (1/rate apart) or Poisson arrivals, whether or not earlier ones were answered, each on whatever
// keep-alive connection is free (a new one when none is), and each latency is measured from the
// request's scheduled time, so a late send (this process falling behind) counts against the
// figure instead of hiding it (no coordinated omission). autocannon's `overallRate` is not this: it
// gives each of its connections a quota per second, refilled by one timer per connection, so all
// the second's requests leave together (bench/README.md, "Open loop").
import http from 'node:http';

export interface OpenLoopRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface OpenLoopOptions {
  baseUrl: string;
  ratePerS: number;
  /** Measured part; the warm-up (same rate, discarded) comes before it. */
  durationS: number;
  warmupS: number;
  arrivals: 'fixed' | 'poisson';
  /** The i-th request (i counts from 0 over warm-up and measured part). */
  make: (i: number) => OpenLoopRequest;
  timeoutMs?: number;
  /** Latency above which a request is listed in `slow` (default 50 ms). */
  slowMs?: number;
}

export interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export interface OpenLoopResult {
  ratePerS: number;
  arrivals: OpenLoopOptions['arrivals'];
  durationS: number;
  /** Requests scheduled in the measured part, and how many of them were answered with a 2xx. */
  scheduled: number;
  ok: number;
  non2xx: number;
  errors: number;
  /** Scheduled time -> last byte of the answer, ms (the figure the target is about). */
  latencyMs: Percentiles;
  /** Actual send -> last byte, ms: the latency without this process's own lateness. */
  serviceMs: Percentiles;
  /** Scheduled time -> actual send, ms: how far this generator fell behind its schedule. */
  sendLagMs: Percentiles;
  /** Most requests in flight at once, and connections opened (warm-up included). */
  maxInFlight: number;
  connections: number;
  /** Status codes other than 2xx seen, with counts (warm-up included). */
  statuses: Record<string, number>;
  /**
   * The measured requests slower than `slowMs`: when they were scheduled (ms from the start of the
   * measured part) and their latency, the slowest 30 by time. Bunched together they are a stall of
   * the server or the machine; spread out, queueing.
   */
  slow: { count: number; slowMs: number; worst: { atMs: number; latencyMs: number; serviceMs: number }[] };
}

function percentiles(values: number[]): Percentiles {
  if (!values.length) return { p50: NaN, p90: NaN, p99: NaN, max: NaN, mean: NaN };
  const s = Float64Array.from(values).sort();
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  const round = (n: number) => Math.round(n * 10) / 10;
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return {
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p99: round(at(0.99)),
    max: round(s[s.length - 1]!),
    mean: round(mean),
  };
}

/** mulberry32: the same Poisson schedule on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Offsets (ms from the start) of `count` arrivals at `ratePerS`. */
function schedule(count: number, ratePerS: number, arrivals: OpenLoopOptions['arrivals']): Float64Array {
  const gapMs = 1000 / ratePerS;
  const out = new Float64Array(count);
  const rnd = random(28);
  let t = 0;
  for (let i = 0; i < count; i++) {
    out[i] = t;
    t += arrivals === 'fixed' ? gapMs : -Math.log(1 - rnd()) * gapMs;
  }
  return out;
}

export async function openLoop(opts: OpenLoopOptions): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1024 });
  const url = new URL(opts.baseUrl);
  const total = Math.round(opts.ratePerS * (opts.warmupS + opts.durationS));
  const warmupCount = Math.round(opts.ratePerS * opts.warmupS);
  const offsets = schedule(total, opts.ratePerS, opts.arrivals);
  const start = performance.now() + 20;
  const measuredFrom = start + (offsets[warmupCount] ?? 0);
  const latency: number[] = [];
  const service: number[] = [];
  const lag: number[] = [];
  const statuses: Record<string, number> = {};
  const slowMs = opts.slowMs ?? 50;
  const slow: OpenLoopResult['slow']['worst'] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let connections = 0;
  const sockets = new WeakSet<object>();
  let pending = 0;
  let sentCount = 0;
  let allSent: () => void;
  const finished = new Promise<void>((resolve) => (allSent = resolve));

  const send = (i: number, scheduledAt: number) => {
    const r = opts.make(i);
    const sentAt = performance.now();
    const measured = i >= warmupCount;
    if (measured) lag.push(sentAt - scheduledAt);
    inFlight++;
    pending++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let settled = false;
    const done = (status: number | null) => {
      if (settled) return;
      settled = true;
      inFlight--;
      pending--;
      const end = performance.now();
      if (status !== null && (status < 200 || status > 299)) statuses[status] = (statuses[status] ?? 0) + 1;
      if (measured) {
        if (status === null) errors++;
        else if (status >= 200 && status <= 299) {
          ok++;
          latency.push(end - scheduledAt);
          service.push(end - sentAt);
          if (end - scheduledAt > slowMs)
            slow.push({ atMs: scheduledAt - measuredFrom, latencyMs: end - scheduledAt, serviceMs: end - sentAt });
        } else non2xx++;
      }
      if (pending === 0 && sentCount === total) allSent();
    };
    const req = http.request(
      { agent, host: url.hostname, port: url.port, method: r.method, path: r.path, headers: r.headers },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
        res.on('error', () => done(null));
      },
    );
    req.on('socket', (s) => {
      if (!sockets.has(s)) {
        sockets.add(s);
        connections++;
      }
    });
    req.setTimeout(opts.timeoutMs ?? 30_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => done(null));
    req.end(r.body);
  };

  const tick = () => {
    const now = performance.now();
    while (sentCount < total && start + offsets[sentCount]! <= now) {
      send(sentCount, start + offsets[sentCount]!);
      sentCount++;
    }
    if (sentCount < total) setTimeout(tick, Math.max(0, start + offsets[sentCount]! - performance.now()));
    else if (pending === 0) allSent();
  };
  setTimeout(tick, 20);
  await finished;
  agent.destroy();
  return {
    ratePerS: opts.ratePerS,
    arrivals: opts.arrivals,
    durationS: opts.durationS,
    scheduled: total - warmupCount,
    ok,
    non2xx,
    errors,
    latencyMs: percentiles(latency),
    serviceMs: percentiles(service),
    sendLagMs: percentiles(lag),
    maxInFlight,
    connections,
    statuses,
    slow: {
      count: slow.length,
      slowMs,
      worst: [...slow]
        .sort((a, b) => b.latencyMs - a.latencyMs)
        .slice(0, 30)
        .sort((a, b) => a.atMs - b.atMs)
        .map((x) => ({
          atMs: Math.round(x.atMs),
          latencyMs: Math.round(x.latencyMs),
          serviceMs: Math.round(x.serviceMs),
        })),
    },
  };
}
