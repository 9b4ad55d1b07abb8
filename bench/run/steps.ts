// What every step of npm run bench shares (bench/run.ts): the settings, the targets, the checks a
// step records, and how a step runs (retried once when its server is killed from outside).
import { ExternalKillError, isShuttingDown } from '../lib/cleanup.ts';
import { waitForQuiet } from '../lib/cpu.ts';
import type { Spawned } from '../lib/server.ts';
import { fmt } from '../lib/table.ts';

export const BENCHMARKS = ['http', 'startup', 'memory'] as const;
export type Benchmark = (typeof BENCHMARKS)[number];

export const CONNECTIONS = 50;
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
export const WARMUP_S = 2;
export const STARTUP_RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
export const MEMORY_SETTLE_MS = 5_000;
export const PG_DATABASE = 'bench_http';
/** Other processes using more than this (% of one core) during a measurement make it "disturbed". */
export const DISTURBED_PCT = 25;
/** Before each measurement, wait up to this long for other processes to calm down (0: do not wait). */
export const QUIET_WAIT_S = Number(process.env.BENCH_QUIET_WAIT_S ?? 0);

/** BENCH_HTTP_SPIN=5,10,20: also load the ceiling with that many µs of busy work per answer. */
export const HTTP_SPIN_US = (process.env.BENCH_HTTP_SPIN ?? '')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);

export const TARGETS = {
  // Issue 19 item 4, on both databases.
  ratio: 0.7,
  p99Ms: 10,
  startupExistingMs: 3_000,
  startupEmptyMs: 10_000,
  rssAfterStartMb: 300,
  // Issue 28 item 5: the app's server CPU per signed-in request at most this many times Fastify's hello world's.
  cpuVsFastify: 1.5,
};

export interface Check {
  benchmark: Benchmark;
  measure: string;
  value: string;
  target: string;
  /** null: shown for information, no target. */
  pass: boolean | null;
  note?: string;
}

export const checks: Check[] = [];
export const errors: { benchmark: Benchmark; step: string; message: string }[] = [];
export const say = (msg: string) => console.log(`> ${msg}`);

export function check(
  benchmark: Benchmark,
  measure: string,
  value: string,
  target: string,
  pass: boolean | null,
  note?: string,
) {
  checks.push({ benchmark, measure, value, target, pass, ...(note ? { note } : {}) });
}

/** A note when other processes were busy during a measurement. */
export const disturbed = (...otherPcts: number[]) => {
  const worst = Math.max(...otherPcts);
  return worst > DISTURBED_PCT ? `disturbed: other processes used ${fmt(worst)}% of a core` : undefined;
};

/** Optional pause until the machine is quiet (BENCH_QUIET_WAIT_S); says so when it had to wait. */
export async function quiet(): Promise<void> {
  if (QUIET_WAIT_S <= 0) return;
  const { waitedS, otherPct } = await waitForQuiet(QUIET_WAIT_S, DISTURBED_PCT);
  if (waitedS > 1.5)
    say(`  (waited ${fmt(waitedS)} s for other processes to calm down; now ${fmt(otherPct)}% of a core)`);
}

export const retries: { benchmark: Benchmark; step: string; message: string }[] = [];

/** Runs one step; a step whose server was killed from outside is retried once. */
export async function attempt<T>(benchmark: Benchmark, step: string, fn: () => Promise<T>): Promise<T | null> {
  for (let tries = 1; ; tries++) {
    try {
      return await fn();
    } catch (err) {
      const message = (err as Error).message;
      if (err instanceof ExternalKillError && tries === 1 && !isShuttingDown()) {
        console.error(
          `! ${benchmark} / ${step}: ${message.split('\n')[0]} - another process sent the signal; retrying the step once`,
        );
        retries.push({ benchmark, step, message });
        continue;
      }
      console.error(`! ${benchmark} / ${step} failed: ${message}`);
      errors.push({ benchmark, step, message });
      check(benchmark, step, 'error', '-', false, message.split('\n')[0]!.slice(0, 80));
      return null;
    }
  }
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * Runs `fn` against a started server. If it fails because the server is gone (a /proc read, a
 * refused connection), the error says so, as an ExternalKillError if someone else stopped it.
 */
export async function withServer<T>(server: Spawned, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    const result = await fn();
    server.assertAlive(what);
    return result;
  } catch (err) {
    server.assertAlive(what);
    throw err;
  } finally {
    await server.stop();
  }
}
