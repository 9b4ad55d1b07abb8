// The setting of a run of npm run bench (bench/run.ts): the web build it serves, the machine and
// the app it measured; and its report: bench/results/<timestamp>.json and the table of checks.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PG_ADMIN_URL, serverVersion } from '../lib/pg.ts';
import { appDir, repoRoot } from '../lib/server.ts';
import { table } from '../lib/table.ts';
import {
  checks,
  CONNECTIONS,
  DISTURBED_PCT,
  DURATION_S,
  errors,
  MEMORY_SETTLE_MS,
  QUIET_WAIT_S,
  retries,
  say,
  STARTUP_RUNS,
  TARGETS,
  WARMUP_S,
  type Benchmark,
} from './steps.ts';

export function ensureWebBuild() {
  if (existsSync(path.join(appDir, 'dist/web/index.html'))) return;
  say('dist/web/index.html is missing: building the web app (vite build)');
  const vite = realpathSync(path.join(appDir, 'node_modules/.bin/vite'));
  const r = spawnSync(process.execPath, [vite, 'build'], { cwd: appDir, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`vite build failed (status ${r.status})`);
}

const sh = (cmd: string, cwd = repoRoot) => {
  try {
    return execSync(cmd, { encoding: 'utf8', cwd, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
};

export async function machineInfo() {
  return {
    nproc: Number(sh('nproc') ?? os.availableParallelism()),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memTotalGb: +(os.totalmem() / 1024 ** 3).toFixed(1),
    freeH: sh('free -h'),
    node: process.version,
    kernel: `${os.type()} ${os.release()}`,
    postgres: await serverVersion().catch((err: Error) => `unreachable (${err.message})`),
    loadAvgAtStart: os.loadavg().map((n) => +n.toFixed(2)),
  };
}

export function appInfo() {
  const status = sh('git status --porcelain', appDir);
  return {
    dir: appDir,
    commit: sh('git rev-parse --short HEAD', appDir),
    uncommittedFiles: status === null ? null : status.split('\n').filter(Boolean).length,
  };
}

/** What a run prints before its first step: the machine, the database, the app and the server command. */
export function sayWhere(
  machine: Awaited<ReturnType<typeof machineInfo>>,
  app: ReturnType<typeof appInfo>,
  serverArgs: string[],
) {
  say(
    `machine: ${machine.nproc} CPUs (${machine.cpuModel}), ${machine.memTotalGb} GB RAM, node ${machine.node}, load average ${machine.loadAvgAtStart.join(' ')}`,
  );
  say(`PostgreSQL ${machine.postgres} at ${PG_ADMIN_URL}`);
  say(
    `app: ${app.dir} at ${app.commit ?? '?'}${app.uncommittedFiles ? ` + ${app.uncommittedFiles} uncommitted file(s)` : ''}`,
  );
  say(`server command: node ${serverArgs.join(' ')}`);
}

/** Writes bench/results/<timestamp>.json, prints the table of checks, and sets the exit code. */
export function report(run: {
  startedAt: Date;
  selected: Benchmark[];
  machine: Awaited<ReturnType<typeof machineInfo>>;
  app: ReturnType<typeof appInfo>;
  results: Record<string, unknown>;
}) {
  const { startedAt, selected, machine, app, results } = run;
  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    selected,
    settings: {
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      startupRuns: STARTUP_RUNS,
      memorySettleMs: MEMORY_SETTLE_MS,
      disturbedPct: DISTURBED_PCT,
      quietWaitS: QUIET_WAIT_S,
    },
    targets: TARGETS,
    machine: { ...machine, loadAvgAtEnd: os.loadavg().map((n) => +n.toFixed(2)) },
    app,
    results,
    checks,
    errors,
    retries,
  };
  const dir = path.join(repoRoot, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');

  console.log('');
  console.log(
    table(
      ['Benchmark', 'Measure', 'Value', 'Target', 'Result', 'Note'],
      checks.map((c) => [
        c.benchmark,
        c.measure,
        c.value,
        c.target,
        c.pass === null ? '' : c.pass ? 'PASS' : 'FAIL',
        c.note ?? '',
      ]),
      'llrrll',
    ),
  );
  const failed = checks.filter((c) => c.pass === false).length;
  const noisy = checks.some((c) => c.note?.startsWith('disturbed'));
  console.log(
    `\n${failed ? `${failed} FAIL` : 'all targets met'}${errors.length ? `, ${errors.length} error(s)` : ''}${retries.length ? `, ${retries.length} step(s) retried after an outside kill` : ''}; results in ${path.relative(process.cwd(), file)}`,
  );
  if (noisy)
    console.log(
      `Some figures were taken while other processes used more than ${DISTURBED_PCT}% of a core: run again on a quiet machine.`,
    );
  process.exitCode = errors.length ? 1 : 0;
}
