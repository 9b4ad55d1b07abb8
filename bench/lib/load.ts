// autocannon, in this process: the servers under test run in their own processes.
import os from 'node:os';
import autocannon from 'autocannon';
import { cpuWindow } from './cpu.ts';

export interface LoadOptions {
  connections: number;
  durationS: number;
  warmupS: number;
  headers?: Record<string, string>;
  /** Per-request method, body and headers (e.g. a quote request from an address of its own each time). */
  requests?: autocannon.Request[];
}

export interface LoadResult {
  url: string;
  connections: number;
  durationS: number;
  requestsPerSec: number;
  requestsTotal: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU the server process used during the measured run, in % of one core (100 = one core busy). */
  serverCpuPct: number;
  /** Server CPU time per answered request, µs. */
  serverCpuPerRequestUs: number;
  /** CPU this (autocannon) process used during the measured run, in % of one core. */
  loadGeneratorCpuPct: number;
  /**
   * CPU used by everything else on the machine during the measured run (other users' tests,
   * browsers...), in % of one core. Above ~20% the figures are disturbed: see bench/README.md.
   */
  otherCpuPct: number;
  /** Interrupt handling (mostly this benchmark's loopback traffic) and hypervisor steal, % of one core. */
  softirqPct: number;
  stealPct: number;
  /** /proc/loadavg (1, 5, 15 min) just before the measured run. */
  loadAvgBefore: number[];
}

function run(url: string, opts: LoadOptions, durationS: number) {
  return autocannon({
    url,
    connections: opts.connections,
    duration: durationS,
    headers: opts.headers,
    pipelining: 1,
    ...(opts.requests ? { requests: opts.requests } : {}),
  });
}

/** Warm-up run (discarded), then the measured run, with the CPU of `serverPid` and of the machine. */
export async function measure(url: string, opts: LoadOptions, serverPid: number): Promise<LoadResult> {
  if (opts.warmupS > 0) await run(url, opts, opts.warmupS);
  const loadAvgBefore = os.loadavg().map((n) => +n.toFixed(2));
  const stop = cpuWindow(serverPid);
  const r = await run(url, opts, opts.durationS);
  const cpu = stop();
  const answered = r.requests.total;
  return {
    url,
    connections: r.connections,
    durationS: r.duration,
    // Mean of the per-second samples, as autocannon prints it.
    requestsPerSec: r.requests.average,
    requestsTotal: answered,
    latencyMs: {
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
      mean: r.latency.average,
    },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    serverCpuPct: cpu.processPct,
    serverCpuPerRequestUs: answered ? ((cpu.processPct / 100) * cpu.wallS * 1e6) / answered : NaN,
    loadGeneratorCpuPct: cpu.selfPct,
    otherCpuPct: cpu.otherPct,
    softirqPct: cpu.softirqPct,
    stealPct: cpu.stealPct,
    loadAvgBefore,
  };
}
