// Load generator and server on different cores (`taskset`, ADR 072): the server under test (and
// every process it starts, the embedded PostgreSQL included) on core 0, this benchmark process (the
// load generator) on core 1, so neither takes CPU time from the other. External servers (the
// machine's PostgreSQL) are not ours to pin. BENCH_PIN=0 turns it off; it is off by itself on a
// machine with one core or without taskset.
import { spawnSync } from 'node:child_process';
import os from 'node:os';

export const SERVER_CPU = '0';
export const GENERATOR_CPU = '1';

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
 * bench/lib/server.ts on SERVER_CPU. Returns a description for the results, or null when off.
 */
export function pinProcesses(): string | null {
  if (!available) return null;
  setAffinity(GENERATOR_CPU);
  pinned = true;
  return `server (and its children) on CPU ${SERVER_CPU}, load generator on CPU ${GENERATOR_CPU} (taskset)`;
}

/** Back to all cores (e.g. before the start-up benchmark, which should have the whole machine). */
export function unpinProcesses(): void {
  if (!pinned) return;
  setAffinity(`0-${os.cpus().length - 1}`);
  pinned = false;
}

/** The command that spawns `args` with node, through `taskset -c SERVER_CPU` while pinning. */
export function serverCommand(args: string[]): { file: string; args: string[] } {
  // taskset execs node in the same process: the pid the benchmark gets is still the server's.
  return pinned
    ? { file: 'taskset', args: ['-c', SERVER_CPU, process.execPath, ...args] }
    : { file: process.execPath, args };
}
