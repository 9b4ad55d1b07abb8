// (b) Start-up: spawn -> first 200 on GET /, with an existing data directory (demo data) and with
// an empty one (bench/run.ts).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { cpuWindow } from '../lib/cpu.ts';
import { makeTempDir, removeTempDir } from '../lib/cleanup.ts';
import { appDir, spawnApp, waitFor200 } from '../lib/server.ts';
import { fmt } from '../lib/table.ts';
import { attempt, check, disturbed, median, quiet, say, STARTUP_RUNS, TARGETS, withServer } from './steps.ts';

export interface SeedInfo {
  attempted: boolean;
  ok: boolean;
  ms?: number;
  output?: string;
}

/** Fills a stopped data directory with demo data, if the project has a working seed script. */
function seedDemo(dataDir: string): SeedInfo {
  const script = path.join(appDir, 'scripts/seed-demo.ts');
  if (!existsSync(script)) return { attempted: false, ok: false, output: 'scripts/seed-demo.ts does not exist' };
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', script], {
    cwd: appDir,
    env,
    encoding: 'utf8',
    timeout: 300_000,
  });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().slice(-2_000);
  return { attempted: true, ok: r.status === 0, ms: performance.now() - t0, output };
}

interface TimedStart {
  ms: number;
  /** CPU of other processes between spawn and the first 200, % of one core. */
  otherCpuPct: number;
  serverCpuPct: number;
}

/** One timed start: spawn -> first 200 on GET / (polled every 50 ms); then stop. */
async function timedStart(dataDir: string): Promise<TimedStart> {
  await quiet();
  const app = await spawnApp({ kind: 'embedded', dataDir });
  return withServer(app, `server (pid ${app.pid})`, async () => {
    const stopCpu = cpuWindow(app.pid);
    const ms = await waitFor200(app, '/', { intervalMs: 50, timeoutMs: 120_000 });
    const cpu = stopCpu();
    return { ms, otherCpuPct: cpu.otherPct, serverCpuPct: cpu.processPct };
  });
}

/** A data directory (the embedded PostgreSQL) that has been created by the app (migrated, first admin), then seeded if possible. */
export async function preparedDataDir(
  prefix: string,
): Promise<{ dataDir: string; firstStart: TimedStart; seed: SeedInfo }> {
  const dataDir = makeTempDir(prefix);
  const firstStart = await timedStart(dataDir);
  const seed = seedDemo(dataDir);
  if (seed.attempted && !seed.ok)
    console.error(`! seeding demo data failed, continuing with the migrated empty data:\n${seed.output}`);
  return { dataDir, firstStart, seed };
}

export const seedSummary = (seed: SeedInfo) =>
  seed.attempted
    ? seed.ok
      ? `demo data seeded in ${fmt((seed.ms ?? 0) / 1000, 1)} s`
      : 'seed script FAILED, migrated empty data'
    : 'no seed script, migrated empty data';

export async function benchStartup() {
  const result: {
    existing?: { samples: TimedStart[]; medianMs: number; seed: SeedInfo };
    empty?: { samples: TimedStart[]; medianMs: number };
  } = {};

  await attempt('startup', 'existing data directory', async () => {
    say('startup: preparing a data directory (first start, stop, seed demo data)');
    const { dataDir, seed } = await preparedDataDir('startup');
    say(`  ${seedSummary(seed)}`);
    const samples: TimedStart[] = [];
    for (let i = 0; i < STARTUP_RUNS; i++) {
      const s = await timedStart(dataDir);
      samples.push(s);
      say(`  start with existing data #${i + 1}: ${fmt(s.ms)} ms (other processes ${fmt(s.otherCpuPct)}% of a core)`);
    }
    removeTempDir(dataDir);
    const ms = samples.map((s) => s.ms);
    const medianMs = median(ms);
    result.existing = { samples, medianMs, seed };
    const what = seed.ok ? 'existing data dir (demo data)' : 'existing data dir (migrated, empty)';
    const note = disturbed(...samples.map((s) => s.otherCpuPct));
    check(
      'startup',
      `${what}, median of ${STARTUP_RUNS} (ms)`,
      fmt(medianMs),
      `<= ${TARGETS.startupExistingMs}`,
      medianMs <= TARGETS.startupExistingMs,
      note,
    );
    check('startup', `${what}, slowest (ms)`, fmt(Math.max(...ms)), '-', null);
  });

  await attempt('startup', 'empty data directory', async () => {
    const samples: TimedStart[] = [];
    for (let i = 0; i < STARTUP_RUNS; i++) {
      const dataDir = makeTempDir('startup-empty');
      const s = await timedStart(dataDir);
      removeTempDir(dataDir);
      samples.push(s);
      say(
        `  start with an empty data directory #${i + 1}: ${fmt(s.ms)} ms (other processes ${fmt(s.otherCpuPct)}% of a core)`,
      );
    }
    const ms = samples.map((s) => s.ms);
    const medianMs = median(ms);
    result.empty = { samples, medianMs };
    const note = disturbed(...samples.map((s) => s.otherCpuPct));
    check(
      'startup',
      `empty data dir, median of ${STARTUP_RUNS} (ms)`,
      fmt(medianMs),
      `<= ${TARGETS.startupEmptyMs}`,
      medianMs <= TARGETS.startupEmptyMs,
      note,
    );
    check('startup', `empty data dir, slowest (ms)`, fmt(Math.max(...ms)), '-', null);
  });
  return result;
}
