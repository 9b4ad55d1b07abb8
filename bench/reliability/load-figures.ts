// What a load run reports (bench/reliability/load.ts): its figures per kind of call, and the CPU
// of the database's server processes.
import pg from 'pg';
import { cpuSeconds } from '../lib/cpu.ts';
import type { Acknowledged, CallKind } from './load-calls.ts';

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

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** The figures of one kind of call from its counts and its answered calls' latencies (ms). */
export function callFigures(
  counts: { calls: number; ok: number; rateLimited: number; errors: number },
  latencies: number[],
  wallS: number,
): CallFigures {
  const sorted = latencies.sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / (sorted.length || 1);
  return {
    ...counts,
    callsPerSecond: round1(counts.calls / wallS),
    latencyMs: {
      p50: round1(percentile(sorted, 50)),
      p90: round1(percentile(sorted, 90)),
      p99: round1(percentile(sorted, 99)),
      max: round1(sorted.at(-1) ?? NaN),
      mean: round1(mean),
    },
  };
}

/** CPU seconds so far of each PostgreSQL server process serving the database (its sessions), by pid. */
export async function backendCpu(databaseUrl: string): Promise<Map<number, number>> {
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
