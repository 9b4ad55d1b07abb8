// Embedded PostgreSQL start-up and idle memory (issue 28 item 5, ADR 048):
// `npx tsx bench/embedded-start.ts`. The compiled server (as `npm start` runs it) on an empty
// DATA_DIR: first start (initdb included), a later start after SIGTERM, a start after kill -9 (the
// server left running is reused), and the memory of the app plus its database processes after 20 s
// idle, as PSS (shared buffers counted once) and as the plain RSS sum. Each start also reports the
// CPU time the app used to its first answer (with initdb and pg_ctl, its waited children): on a
// machine shared with other work the wall time stretches, the CPU time much less (ADR 061).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopEmbeddedPostgres } from '#server/db/embedded/embedded-server.ts';
import { makeTempDir, removeTempDir } from './lib/cleanup.ts';
import { appDir } from './lib/server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 5290);
const TARGETS = { firstStartS: 15, laterStartS: 3, idleMb: 300 };

/** User + system CPU seconds of `pid` and of its children it has waited for (/proc/PID/stat). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return ticks / 100; // USER_HZ is 100 on Linux
}

function start(dataDir: string): {
  child: ChildProcess;
  ready: Promise<number>;
  dbMs: () => number | null;
  cpuS: () => number | null;
} {
  const t0 = performance.now();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir };
  for (const k of ['DATABASE_URL', 'NODE_OPTIONS', 'TEST_DATABASE_URL']) delete env[k];
  const child = spawn(process.execPath, [path.join(appDir, 'dist', 'server', 'main.js')], {
    cwd: appDir,
    env: { ...env, LOG_LEVEL: 'info', ADMIN_PASSWORD: 'Bench-admin-2026' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The database's own part, from the app's log line "embedded PostgreSQL ready" (initdb included).
  let dbMs: number | null = null;
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const line of out.split('\n'))
      if (line.includes('"msg":"embedded PostgreSQL ready"')) dbMs = (JSON.parse(line) as { ms: number }).ms;
    out = out.slice(out.lastIndexOf('\n') + 1);
  });
  let cpuS: number | null = null;
  const ready = (async () => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) {
        const s = (performance.now() - t0) / 1000;
        cpuS = cpuSeconds(child.pid!);
        return s;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return { child, ready, dbMs: () => dbMs, cpuS: () => cpuS };
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));

/** The app's pid and every process whose working directory is the cluster (postmaster and children). */
function memoryMb(appPid: number, pgdata: string): { pssMb: number; rssMb: number; processes: number } {
  const pids = [appPid];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('postgres') && cwdOf(name) === pgdata)
        pids.push(Number(name));
    } catch {
      /* gone */
    }
  }
  let pss = 0;
  let rss = 0;
  for (const pid of pids) {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
  }
  return { pssMb: Math.round(pss / 1024), rssMb: Math.round(rss / 1024), processes: pids.length };
}

function cwdOf(pid: string): string {
  return spawnSync('readlink', [`/proc/${pid}/cwd`], { encoding: 'utf8' }).stdout.trim();
}

const dir = makeTempDir('embedded-start');
const dataDir = path.join(dir, 'data');
try {
  spawnSync(process.execPath, [path.join(appDir, 'scripts', 'build-server.mjs'), '--if-stale'], { stdio: 'inherit' });
  const first = start(dataDir);
  const firstStartS = await first.ready;
  first.child.kill('SIGTERM');
  await exited(first.child);

  const later = start(dataDir);
  const laterStartS = await later.ready;
  later.child.kill('SIGKILL');
  await exited(later.child);

  const afterKill = start(dataDir);
  const reusedStartS = await afterKill.ready;
  afterKill.child.kill('SIGTERM');
  await exited(afterKill.child);

  const idle = start(dataDir);
  await idle.ready;
  await new Promise((r) => setTimeout(r, 20_000));
  const memory = memoryMb(idle.child.pid!, path.join(dataDir, 'postgres'));
  idle.child.kill('SIGTERM');
  await exited(idle.child);

  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const part = (s: { dbMs: () => number | null; cpuS: () => number | null }) =>
    `(database part ${((s.dbMs() ?? NaN) / 1000).toFixed(1)} s, app CPU ${(s.cpuS() ?? NaN).toFixed(1)} s)`;
  console.log(
    `each start: first ${part(first)}, later ${part(later)}, after kill -9 ${part(afterKill)}, idle ${part(idle)}`,
  );
  console.log(
    `\nEmbedded PostgreSQL, ${new Date().toISOString()}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `first start (initdb) to first answer: ${firstStartS.toFixed(1)} s  ${verdict(firstStartS <= TARGETS.firstStartS)} (<= ${TARGETS.firstStartS} s)`,
  );
  console.log(
    `later start to first answer:          ${laterStartS.toFixed(1)} s  ${verdict(laterStartS <= TARGETS.laterStartS)} (<= ${TARGETS.laterStartS} s)`,
  );
  console.log(`start after kill -9 (server reused):  ${reusedStartS.toFixed(1)} s`);
  console.log(
    `idle memory, app + ${memory.processes - 1} database processes: PSS ${memory.pssMb} MB  ${verdict(memory.pssMb <= TARGETS.idleMb)} (<= ${TARGETS.idleMb} MB); RSS sum ${memory.rssMb} MB`,
  );
} finally {
  await stopEmbeddedPostgres(dataDir).catch(() => {});
  removeTempDir(dir);
}
