// ISV benchmarks (engine and public API): `npx tsx bench/isv.ts`.
//   (a) in-process: toTaxInput + calculateTax over a varied set of inputs for at least 3 s,
//       target >= 200,000 simulations/s;
//   (b) POST /api/isv/simulate on the real server (its own node process, fresh DATA_DIR, the embedded PostgreSQL)
//       under autocannon, 50 connections for 10 s, target p99 <= 10 ms.
// Prints PASS/FAIL per target and writes bench/results/isv-<timestamp>.json. Exits 1 on a FAIL.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { isvSimulateSchema, toTaxInput, type IsvSimulateParsed, type IsvSimulateRequest } from '#shared/schemas/isv.ts';
import { calculateTax } from '#shared/tax/calculate.ts';
import { appNodeArgs } from './lib/server.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_PER_SECOND = 200_000;
const TARGET_P99_MS = 10;
const IN_PROCESS_SECONDS = Number(process.env.ISV_BENCH_SECONDS ?? 3);
const HTTP_SECONDS = 10;
const CONNECTIONS = 50;

/**
 * A deterministic spread of cars: every fuel, cycle, hybrid kind, age band, country, with and
 * without IVA, with and without a declaration date.
 */
function varied(count: number): IsvSimulateRequest[] {
  let seed = 42;
  const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const ymd = (y: number) =>
    `${y}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`;
  return Array.from({ length: count }, () => {
    const fuel = pick(['petrol', 'petrol', 'diesel', 'diesel', 'lpg', 'electric'] as const);
    const firstRegistration = rnd() < 0.15 ? null : ymd(2008 + Math.floor(rnd() * 17));
    return {
      fuel,
      engineCc: fuel === 'electric' ? undefined : 900 + Math.floor(rnd() * 3_500),
      co2: fuel === 'electric' ? undefined : Math.floor(rnd() * 300),
      co2Cycle: pick(['wltp', 'nedc', undefined] as const),
      firstRegistration,
      // Half leave the date out, as most callers do: the API then declares today in Lisbon.
      declarationDate: rnd() < 0.5 ? undefined : ymd(2025 + Math.floor(rnd() * 2)),
      registrationCountry: pick(['eu', 'eu', 'eu', 'non_eu'] as const),
      hybrid: fuel === 'electric' ? 'none' : pick(['none', 'none', 'hybrid', 'plugin'] as const),
      electricRangeKm: Math.floor(rnd() * 100),
      euro6eBis: rnd() < 0.2,
      dieselParticlesBelowLimit: rnd() < 0.5,
      price: rnd() < 0.6 ? Math.round(rnd() * 8_000_000) / 100 : undefined,
      mileageKm: rnd() < 0.6 ? Math.floor(rnd() * 250_000) : undefined,
    };
  });
}

function inProcess() {
  const now = new Date('2025-11-21T10:00:00Z');
  // Parsed once, as the route's schema does before the handler: the loop measures the handler.
  const inputs: IsvSimulateParsed[] = varied(4_096)
    .map((r) => isvSimulateSchema.safeParse(r))
    .filter((p) => p.success)
    .map((p) => p.data);
  let sink = 0;
  const run = (n: number) => {
    for (let i = 0; i < n; i++) {
      const checked = toTaxInput(inputs[i & 4_095]!, now);
      if ('input' in checked) sink += calculateTax(checked.input).isv;
      else sink += 1;
    }
  };
  const warmUntil = performance.now() + 500;
  while (performance.now() < warmUntil) run(10_000);
  let count = 0;
  const start = performance.now();
  const end = start + IN_PROCESS_SECONDS * 1_000;
  while (performance.now() < end) {
    run(10_000);
    count += 10_000;
  }
  const seconds = (performance.now() - start) / 1_000;
  return {
    inputs: inputs.length,
    simulations: count,
    seconds: Number(seconds.toFixed(3)),
    perSecond: Math.round(count / seconds),
    checksum: Math.round(sink),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

let server: ChildProcess | null = null;
let dataDir: string | null = null;

async function stopServer() {
  const child = server;
  server = null;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = null;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopServer().finally(() => process.exit(130)));
}

async function startServer(): Promise<{ baseUrl: string; pid: number }> {
  const port = await freePort();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'autoimport-bench-isv-'));
  const env = { ...process.env };
  for (const key of ['DATABASE_URL', 'NODE_OPTIONS', 'TRUST_PROXY', 'HOST']) delete env[key];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: 'bench',
    ADMIN_PASSWORD: 'Bench1234',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ISV_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  // The compiled server, as `npm start` runs it (ADR 011).
  const child = spawn(process.execPath, appNodeArgs(), { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server = child;
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (performance.now() > deadline) throw new Error(`server did not answer /api/health within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseUrl, pid: child.pid! };
}

async function overHttp() {
  const { baseUrl, pid } = await startServer();
  try {
    const requests = varied(64).map((body) => ({
      method: 'POST' as const,
      path: '/api/isv/simulate',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }));
    const check = await fetch(`${baseUrl}/api/isv/simulate`, {
      method: 'POST',
      headers: requests[0]!.headers,
      body: requests[0]!.body,
    });
    if (check.status !== 200) throw new Error(`POST /api/isv/simulate answered ${check.status}: ${await check.text()}`);
    const opts = { url: baseUrl, connections: CONNECTIONS, requests };
    await autocannon({ ...opts, duration: 3 }); // warm-up: JIT, connection pools
    const r = await autocannon({ ...opts, duration: HTTP_SECONDS });
    return {
      serverPid: pid,
      connections: CONNECTIONS,
      seconds: HTTP_SECONDS,
      requests: r.requests.total,
      requestsPerSecond: Math.round(r.requests.average),
      latencyMs: {
        p50: r.latency.p50,
        p90: r.latency.p90,
        p99: r.latency.p99,
        max: r.latency.max,
        mean: r.latency.average,
      },
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
    };
  } finally {
    await stopServer();
  }
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

const a = inProcess();
const aPass = a.perSecond >= TARGET_PER_SECOND;
console.log(
  `(a) in-process toTaxInput + calculateTax: ${a.perSecond.toLocaleString('en-US')} simulations/s over ${a.seconds} s (${a.inputs} varied inputs); target >= ${TARGET_PER_SECOND.toLocaleString('en-US')}/s: ${verdict(aPass)}`,
);

const b = await overHttp();
const bPass = b.latencyMs.p99 <= TARGET_P99_MS && b.non2xx === 0 && b.errors === 0;
console.log(
  `(b) POST /api/isv/simulate, ${b.connections} connections, ${b.seconds} s: ${b.requestsPerSecond.toLocaleString('en-US')} req/s, latency p50 ${b.latencyMs.p50} ms, p99 ${b.latencyMs.p99} ms, max ${b.latencyMs.max} ms, non-2xx ${b.non2xx}, errors ${b.errors}; target p99 <= ${TARGET_P99_MS} ms: ${verdict(bPass)}`,
);

const dir = path.join(repoRoot, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `isv-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
const report = {
  bench: 'isv',
  at: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model,
  inProcess: { ...a, targetPerSecond: TARGET_PER_SECOND, pass: aPass },
  http: { ...b, targetP99Ms: TARGET_P99_MS, pass: bPass },
};
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(`results in ${path.relative(process.cwd(), file)}`);
process.exitCode = aPass && bPass ? 0 : 1;
