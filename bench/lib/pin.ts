// The load generator and the server on cores chosen with `taskset` (ADR 072). Two ways:
// - 'server': the server under test (and every process it starts, the embedded PostgreSQL
//   included) on core 0, this benchmark process (the load generator) on core 1, so neither takes
//   CPU time from the other: for CPU-per-request figures (bench/run.ts http).
// - 'generator': the load generator on core 1, the server on every core, as it runs in use: for
//   latency figures (bench/open-loop.ts). A server held to one core shares it with V8's garbage
//   collection threads, which stalled every request for 100-300 ms at each full collection.
// External servers (the machine's PostgreSQL) are not ours to pin. BENCH_PIN=server or
// BENCH_PIN=generator overrides a benchmark's choice, BENCH_PIN=0 turns pinning off; it is off by
// itself on a machine with one core or without taskset.
import { spawnSync } from 'node:child_process';
import os from 'node:os';

export const SERVER_CPU = '0';
export const GENERATOR_CPU = '1';
export type PinMode = 'server' | 'generator';
let mode: PinMode = 'server';
const allCpus = () => `0-${os.cpus().length - 1}`;

const available = (() => {
  if (process.env.BENCH_PIN === '0' || os.cpus().length < 2) return false;
  return spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0;
})();

let pinned = false;

/** True while servers are spawned pinned to SERVER_CPU (between pinProcesses() and unpinProcesses()). */
export const pinning = () => pinned;

function setAffinity(cpus: string): void {
  // -a: every thread of this process (libuv's pool, V8's helpers), not only the main one.
  const r = spawnSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`taskset -a -p -c ${cpus} ${process.pid} failed: ${r.stderr}`);
}

/**
 * From now on this process (the load generator) runs on GENERATOR_CPU and servers spawned by
 * bench/lib/server.ts on SERVER_CPU ('server') or on every CPU ('generator'); BENCH_PIN overrides
 * `wanted`. Returns a description for the results, or null when off.
 */
export function pinProcesses(wanted: PinMode): string | null {
  if (!available) return null;
  const override = process.env.BENCH_PIN;
  mode = override === 'server' || override === 'generator' ? override : wanted;
  setAffinity(GENERATOR_CPU);
  pinned = true;
  return mode === 'generator'
    ? `load generator on CPU ${GENERATOR_CPU}, server (and its children) on every CPU (taskset, BENCH_PIN=generator)`
    : `server (and its children) on CPU ${SERVER_CPU}, load generator on CPU ${GENERATOR_CPU} (taskset)`;
}

/** Back to all cores (e.g. before the start-up benchmark, which should have the whole machine). */
export function unpinProcesses(): void {
  if (!pinned) return;
  setAffinity(allCpus());
  pinned = false;
}

/** The command that spawns `args` with node, through `taskset -c SERVER_CPU` while pinning. */
export function serverCommand(args: string[]): { file: string; args: string[] } {
  // taskset execs node in the same process: the pid the benchmark gets is still the server's. A
  // child would inherit the generator's CPU, so a server on every core is spawned through it too.
  return pinned
    ? { file: 'taskset', args: ['-c', mode === 'generator' ? allCpus() : SERVER_CPU, process.execPath, ...args] }
    : { file: process.execPath, args };
}
