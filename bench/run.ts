// Performance benchmarks: npm run bench [-- http|startup|memory ...]   (bench/README.md)
//
//   http     autocannon against a bare node:http server (the ceiling) and against the app's
//            GET /api/auth/user with a signed-in cookie, on the embedded PostgreSQL and on the machine's PostgreSQL
//   startup  spawn -> first 200 on GET /, with an existing data directory and with an empty one
//   memory   VmRSS of the server process 5 s after start, and after the HTTP load
//
// Every server runs in its own node process; results go to bench/results/<timestamp>.json.
// The steps live in bench/run/: http.ts, startup.ts, memory.ts; what they share (settings, targets,
// checks) in steps.ts; the machine and the report in report.ts.
import { cleanupAll, installCleanupHandlers } from './lib/cleanup.ts';
import { pinProcesses, unpinProcesses } from './lib/pin.ts';
import { appNodeArgs } from './lib/server.ts';
import { benchHttp, benchHttpSpin } from './run/http.ts';
import { benchMemory } from './run/memory.ts';
import { appInfo, ensureWebBuild, machineInfo, report, sayWhere } from './run/report.ts';
import { benchStartup } from './run/startup.ts';
import { BENCHMARKS, HTTP_SPIN_US, say, type Benchmark } from './run/steps.ts';

async function main() {
  installCleanupHandlers();
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => !(BENCHMARKS as readonly string[]).includes(a));
  if (unknown.length) {
    console.error(`Unknown benchmark(s): ${unknown.join(' ')}\nUsage: npm run bench [-- ${BENCHMARKS.join('|')} ...]`);
    process.exit(2);
  }
  const selected: Benchmark[] = args.length ? BENCHMARKS.filter((b) => args.includes(b)) : [...BENCHMARKS];

  const startedAt = new Date();
  ensureWebBuild();
  // Built once here (if stale) rather than inside the first timed start.
  const serverArgs = appNodeArgs();
  const machine = await machineInfo();
  const app = appInfo();
  sayWhere(machine, app, serverArgs);

  const results: Record<string, unknown> = {};
  // Servers on one core, autocannon (this process) on the other for the HTTP path (ADR 072).
  say(
    `http: ${selected.includes('http') ? (pinProcesses('server') ?? 'not pinned (BENCH_PIN=0, one CPU or no taskset)') : '-'}`,
  );
  if (selected.includes('http')) results.http = await benchHttp();
  unpinProcesses();
  if (selected.includes('http') && HTTP_SPIN_US.length) results.httpSpin = await benchHttpSpin();
  if (selected.includes('startup')) results.startup = await benchStartup();
  if (selected.includes('memory')) results.memory = await benchMemory();
  await cleanupAll();
  report({ startedAt, selected, machine, app, results });
}

main().catch(async (err: Error) => {
  console.error('benchmark failed:', err);
  await cleanupAll(3_000);
  process.exit(1);
});
