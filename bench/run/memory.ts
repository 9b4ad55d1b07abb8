// (c) Memory: VmRSS of the server process 5 s after start, and after the HTTP load (bench/run.ts).
import { makeTempDir, removeTempDir } from '../lib/cleanup.ts';
import { measure, type LoadResult } from '../lib/load.ts';
import { signIn, sleep, spawnApp, waitFor200 } from '../lib/server.ts';
import { inspectServerProcess, readMemory, type Memory, type ProcessInfo } from '../lib/process-info.ts';
import { fmt } from '../lib/table.ts';
import {
  attempt,
  check,
  CONNECTIONS,
  DURATION_S,
  MEMORY_SETTLE_MS,
  quiet,
  say,
  TARGETS,
  WARMUP_S,
  withServer,
} from './steps.ts';
import { preparedDataDir, seedSummary, type SeedInfo } from './startup.ts';

interface MemoryRun {
  dataDir: 'empty' | 'existing';
  afterStart: Memory;
  afterLoad?: Memory;
  /** Highest VmRSS sampled every 250 ms during the load (warm-up included). */
  peakDuringLoadMb?: number;
  load?: LoadResult;
  process: ProcessInfo;
}

/** Starts the app on `dataDir`, reads VmRSS 5 s after its first 200, optionally after a load too. */
async function memoryRun(dataDir: string, label: MemoryRun['dataDir'], withLoad: boolean): Promise<MemoryRun> {
  const app = await spawnApp({ kind: 'embedded', dataDir });
  return withServer(app, `server (pid ${app.pid})`, async (): Promise<MemoryRun> => {
    await waitFor200(app, '/', { timeoutMs: 120_000 });
    await sleep(MEMORY_SETTLE_MS);
    app.assertAlive();
    const afterStart = readMemory(app.pid);
    const proc = inspectServerProcess(app.pid);
    const kids = proc.children.map((c) => `${c.cmdline.split(' ')[0]!.split('/').pop()} ${fmt(c.rssMb)} MB`).join(', ');
    say(
      `  RSS 5 s after start ${fmt(afterStart.rssMb)} MB (highest so far ${fmt(afterStart.peakRssMb)} MB)${kids ? `; child processes: ${kids}` : ''}`,
    );
    if (!withLoad) return { dataDir: label, afterStart, process: proc };

    const cookie = await signIn(app);
    await quiet();
    app.assertAlive();
    let peakDuringLoadMb = 0;
    const sampler = setInterval(() => {
      try {
        peakDuringLoadMb = Math.max(peakDuringLoadMb, readMemory(app.pid).rssMb);
      } catch {
        /* the server is gone: assertAlive() below reports it */
      }
    }, 250);
    let load: LoadResult;
    try {
      load = await measure(
        `${app.baseUrl}/api/auth/user`,
        { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, headers: { cookie } },
        app.pid,
      );
    } finally {
      clearInterval(sampler);
    }
    app.assertAlive();
    const afterLoad = readMemory(app.pid);
    say(
      `  after ${WARMUP_S} + ${DURATION_S} s of load (${fmt(load.requestsPerSec)} req/s): RSS ${fmt(afterLoad.rssMb)} MB, highest during the load ${fmt(peakDuringLoadMb)} MB`,
    );
    return { dataDir: label, afterStart, afterLoad, peakDuringLoadMb, load, process: proc };
  });
}

export async function benchMemory() {
  const runs: MemoryRun[] = [];
  let seed: SeedInfo | undefined;
  await attempt('memory', 'existing data directory', async () => {
    say('memory: embedded PostgreSQL, start on an existing data directory, then HTTP load (the app process only)');
    const prepared = await preparedDataDir('memory');
    seed = prepared.seed;
    say(`  ${seedSummary(seed)}`);
    runs.push(await memoryRun(prepared.dataDir, 'existing', true));
    removeTempDir(prepared.dataDir);
  });
  await attempt('memory', 'empty data directory', async () => {
    say('memory: embedded PostgreSQL, first start on an empty data directory (the app process only)');
    const dataDir = makeTempDir('memory-empty');
    runs.push(await memoryRun(dataDir, 'empty', false));
    removeTempDir(dataDir);
  });
  for (const r of runs) {
    check(
      'memory',
      `RSS 5 s after start, ${r.dataDir} data dir (MB)`,
      fmt(r.afterStart.rssMb),
      `<= ${TARGETS.rssAfterStartMb}`,
      r.afterStart.rssMb <= TARGETS.rssAfterStartMb,
    );
    check('memory', `highest RSS during start-up, ${r.dataDir} data dir (MB)`, fmt(r.afterStart.peakRssMb), '-', null);
    if (r.process.children.length) {
      const total = r.process.children.reduce((sum, c) => sum + c.rssMb, 0);
      check(
        'memory',
        `+ child processes' RSS, ${r.dataDir} data dir (MB)`,
        fmt(total),
        '-',
        null,
        r.process.children.map((c) => c.cmdline.split(' ')[0]!.split('/').pop()).join(', '),
      );
    }
    if (r.afterLoad) {
      check('memory', `RSS after ${WARMUP_S} + ${DURATION_S} s HTTP load (MB)`, fmt(r.afterLoad.rssMb), '-', null);
      check('memory', `highest RSS during the load (MB)`, fmt(r.peakDuringLoadMb), '-', null);
    }
  }
  return { runs, seed };
}
