// (a) HTTP: the app's GET /api/auth/user against a bare node:http server (the ceiling) and Fastify's
// hello world, on the embedded PostgreSQL and on the machine's PostgreSQL (bench/run.ts).
import { makeTempDir, removeTempDir } from '../lib/cleanup.ts';
import { measure, type LoadResult } from '../lib/load.ts';
import { freshDatabase } from '../lib/pg.ts';
import { signIn, spawnApp, spawnReference, waitFor200, type Backend } from '../lib/server.ts';
import { inspectServerProcess, readMemory, type Memory, type ProcessInfo } from '../lib/process-info.ts';
import { fmt } from '../lib/table.ts';
import {
  attempt,
  check,
  CONNECTIONS,
  disturbed,
  DURATION_S,
  HTTP_SPIN_US,
  PG_DATABASE,
  quiet,
  say,
  TARGETS,
  WARMUP_S,
  withServer,
} from './steps.ts';

interface HttpBackendResult {
  backend: Backend['kind'];
  ceiling: LoadResult;
  /** Fastify's hello world (bench/fastify-floor.mjs), measured right after the ceiling. */
  floor: LoadResult;
  app: LoadResult;
  ratio: number;
  /** Ceiling's server CPU per request divided by the app's. */
  cpuRatio: number;
  appMemoryAfterLoad: Memory;
  appProcess: ProcessInfo;
}

async function loadReference(script: 'ceiling.mjs' | 'fastify-floor.mjs', spinUs = 0): Promise<LoadResult> {
  const server = await spawnReference(script, { spinUs });
  return withServer(server, `${script} server`, async () => {
    await waitFor200(server, '/', { timeoutMs: 10_000 });
    await quiet();
    return measure(
      `${server.baseUrl}/`,
      { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S },
      server.pid,
    );
  });
}

/** Starts the app on `backend`, signs in, loads GET /api/auth/user. */
async function loadApp(backend: Backend) {
  const app = await spawnApp(backend);
  return withServer(app, `server (pid ${app.pid})`, async () => {
    await waitFor200(app, '/', { timeoutMs: 120_000 });
    const cookie = await signIn(app);
    await quiet();
    app.assertAlive();
    const load = await measure(
      `${app.baseUrl}/api/auth/user`,
      { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, headers: { cookie } },
      app.pid,
    );
    return { load, memory: readMemory(app.pid), process: inspectServerProcess(app.pid) };
  });
}

export function describeLoad(r: LoadResult) {
  const bad = r.non2xx + r.errors + r.timeouts;
  return (
    `${fmt(r.requestsPerSec)} req/s, p99 ${r.latencyMs.p99} ms; CPU (% of one core): server ${fmt(r.serverCpuPct)}` +
    ` (${fmt(r.serverCpuPerRequestUs)} µs/request), autocannon ${fmt(r.loadGeneratorCpuPct)}, other processes ${fmt(r.otherCpuPct)}, softirq ${fmt(r.softirqPct)}, steal ${fmt(r.stealPct)}` +
    (bad ? `; ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts` : '')
  );
}

export async function benchHttp(): Promise<HttpBackendResult[]> {
  const out: HttpBackendResult[] = [];
  for (const kind of ['embedded', 'postgres'] as const) {
    await attempt('http', kind, async () => {
      say(
        `http/${kind}: ceiling (bare node:http), ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s`,
      );
      const ceiling = await loadReference('ceiling.mjs');
      say(`  ceiling: ${describeLoad(ceiling)}`);
      const floor = await loadReference('fastify-floor.mjs');
      say(`  Fastify hello world: ${describeLoad(floor)}`);

      let backend: Backend;
      let release: () => Promise<void>;
      if (kind === 'embedded') {
        const dataDir = makeTempDir('http');
        backend = { kind, dataDir };
        release = async () => removeTempDir(dataDir);
      } else {
        const db = await freshDatabase(PG_DATABASE);
        backend = { kind, databaseUrl: db.url };
        release = db.drop;
      }
      try {
        say(`http/${kind}: app, GET /api/auth/user signed in`);
        const { load, memory, process: proc } = await loadApp(backend);
        const ratio = load.requestsPerSec / ceiling.requestsPerSec;
        say(`  app:     ${describeLoad(load)}`);
        say(`  ratio app/ceiling ${fmt(ratio, 2)}; server RSS after the load ${fmt(memory.rssMb)} MB`);
        const cpuRatio = ceiling.serverCpuPerRequestUs / load.serverCpuPerRequestUs;
        out.push({
          backend: kind,
          ceiling,
          floor,
          app: load,
          ratio,
          cpuRatio,
          appMemoryAfterLoad: memory,
          appProcess: proc,
        });

        const failed = load.non2xx + load.errors + load.timeouts;
        const note = disturbed(ceiling.otherCpuPct, load.otherCpuPct);
        check(
          'http',
          `${kind}: ceiling req/s (p99 ms)`,
          `${fmt(ceiling.requestsPerSec)} (${ceiling.latencyMs.p99})`,
          '-',
          null,
          disturbed(ceiling.otherCpuPct),
        );
        // What Fastify alone gets on this machine: the 0.7 assumed 0.93 (ADR 045).
        check(
          'http',
          `${kind}: Fastify hello world/ceiling`,
          fmt(floor.requestsPerSec / ceiling.requestsPerSec, 2),
          '-',
          null,
          disturbed(floor.otherCpuPct),
        );
        check('http', `${kind}: app req/s`, fmt(load.requestsPerSec), '-', null, disturbed(load.otherCpuPct));
        check(
          'http',
          `${kind}: app/ceiling`,
          fmt(ratio, 2),
          `>= ${TARGETS.ratio}`,
          ratio >= TARGETS.ratio && !failed,
          note,
        );
        check(
          'http',
          `${kind}: app p99 latency (ms)`,
          fmt(load.latencyMs.p99),
          `<= ${TARGETS.p99Ms}`,
          load.latencyMs.p99 <= TARGETS.p99Ms && !failed,
          disturbed(load.otherCpuPct),
        );
        check(
          'http',
          `${kind}: server CPU/request, ceiling / Fastify / app (µs)`,
          `${fmt(ceiling.serverCpuPerRequestUs)} / ${fmt(floor.serverCpuPerRequestUs)} / ${fmt(load.serverCpuPerRequestUs)}`,
          '-',
          null,
        );
        const cpuVsFastify = load.serverCpuPerRequestUs / floor.serverCpuPerRequestUs;
        check(
          'http',
          `${kind}: app/Fastify hello world by server CPU per request`,
          fmt(cpuVsFastify, 2),
          `<= ${TARGETS.cpuVsFastify}`,
          cpuVsFastify <= TARGETS.cpuVsFastify && !failed,
          [
            `req/s ratio ${fmt(load.requestsPerSec / floor.requestsPerSec, 2)}`,
            disturbed(floor.otherCpuPct, load.otherCpuPct),
          ]
            .filter(Boolean)
            .join('; '),
        );
        // The same ratio in CPU cost: barely moved by other processes, unlike requests/s.
        check('http', `${kind}: app/ceiling by CPU cost per request`, fmt(cpuRatio, 2), '-', null);
        check('http', `${kind}: app RSS after load (MB)`, fmt(memory.rssMb), '-', null);
        if (failed) check('http', `${kind}: failed requests`, String(failed), '0', false);
      } finally {
        await release();
      }
    });
  }
  return out;
}

/**
 * What this machine charges for added work (BENCH_HTTP_SPIN): the ceiling again with a known
 * number of µs of busy work in each answer. On a machine where the load generator shares the
 * cores, a slower server also pays for waking it up; ADR 045 reads the figures.
 */
export async function benchHttpSpin() {
  const base = await attempt('http', 'ceiling for the spin runs', () => loadReference('ceiling.mjs'));
  if (!base) return [];
  const out: { spinUs: number; load: LoadResult; ratio: number; chargedUs: number }[] = [];
  for (const spinUs of HTTP_SPIN_US) {
    const load = await attempt('http', `ceiling + ${spinUs} µs`, () => loadReference('ceiling.mjs', spinUs));
    if (!load) continue;
    const ratio = load.requestsPerSec / base.requestsPerSec;
    const chargedUs = load.serverCpuPerRequestUs - base.serverCpuPerRequestUs;
    say(`  ceiling + ${spinUs} µs busy work: ${describeLoad(load)}`);
    out.push({ spinUs, load, ratio, chargedUs });
    check(
      'http',
      `ceiling + ${spinUs} µs busy work: /ceiling, server CPU µs added per request`,
      `${fmt(ratio, 2)}, ${fmt(chargedUs)}`,
      '-',
      null,
      disturbed(base.otherCpuPct, load.otherCpuPct),
    );
  }
  return out;
}
