// Spawning the app (and the bare ceiling server) in their own node processes, waiting for them,
// signing in. Reading their memory and child processes: process-info.ts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertAlive, makeTempDir, stopChild, trackChild } from './cleanup.ts';
import { serverCommand } from './pin.ts';
// ensure-deps.mjs is plain JavaScript (it runs before `npm ci`), no allowJs: the part used is typed below.
// @ts-expect-error TS7016: no declaration file for a plain .mjs module
import * as untypedEnsureDeps from '#scripts/lib/ensure-deps.mjs';

const { SERVER_NODE_ARGS, serverBuildStaleReason } = untypedEnsureDeps as {
  SERVER_NODE_ARGS: string[];
  serverBuildStaleReason(root: string): string | null;
};

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * The checkout whose server is measured: this one, or BENCH_APP_DIR (e.g. a copy with a candidate
 * fix, to compare it with the same harness).
 */
export const appDir = path.resolve(process.env.BENCH_APP_DIR ?? repoRoot);

export const ADMIN_USERNAME = 'bench';
export const ADMIN_PASSWORD = 'Bench1234';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const tryPort = (port: number): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(port, '127.0.0.1', () => {
      const { port: bound } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(bound));
    });
  });

/**
 * A free port: any (the system picks), or one in BENCH_PORTS ("26000-26999") on a machine where
 * each user of it keeps to a range.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (!range) return tryPort(0);
  const [low, high] = [Number(range[1]), Number(range[2])];
  for (let i = 0; i < 200; i++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    const bound = await tryPort(port).catch(() => null);
    if (bound) return bound;
  }
  throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

export interface Spawned {
  child: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  /** performance.now() just before spawn(). */
  spawnedAt: number;
  /** Last lines the process wrote (stdout and stderr), for error messages. */
  output(): string;
  stop(): Promise<void>;
  /** Throws if the process has exited (ExternalKillError when someone else's signal ended it). */
  assertAlive(what?: string): void;
}

/** Environment without anything the parent shell may have set for the app. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of [
    'DATABASE_URL',
    'DATA_DIR',
    'PORT',
    'HOST',
    'ADMIN_USERNAME',
    'ADMIN_PASSWORD',
    'LOG_LEVEL',
    'NODE_ENV',
    'NODE_OPTIONS',
    'LOGIN_RATE_LIMIT_PER_MINUTE',
    'TRUST_PROXY',
    'PUBLIC_URL',
  ])
    delete env[key];
  return env;
}

function spawnNode(args: string[], env: NodeJS.ProcessEnv, port: number, cwd = repoRoot): Spawned {
  const spawnedAt = performance.now();
  // node (through taskset, which execs it, while bench/lib/pin.ts pins), not npm/npx/tsx: the pid is the server's.
  const { file, args: argv } = serverCommand(args);
  const child = spawn(file, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  trackChild(child);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  if (child.pid === undefined) throw new Error(`could not spawn ${process.execPath} ${args.join(' ')}`);
  return {
    child,
    pid: child.pid,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    spawnedAt,
    output: () => tail,
    stop: () => stopChild(child),
    assertAlive: (what = `server (pid ${child.pid})`) => assertAlive(child, what, () => tail),
  };
}

export type Backend = { kind: 'embedded'; dataDir: string } | { kind: 'postgres'; databaseUrl: string };

let appArgs: string[] | undefined;

/**
 * The node arguments that run the app, the same as `npm start`: the compiled server
 * (`node --enable-source-maps dist/server/main.js`, ADR 011), built first if missing or older than
 * its sources (once per benchmark process). A BENCH_APP_DIR checkout from before the compiled
 * bundle (no scripts/build-server.mjs) runs as it did then, `node --import tsx src/server/main.ts`.
 */
export function appNodeArgs(): string[] {
  if (appArgs) return appArgs;
  const buildScript = path.join(appDir, 'scripts', 'build-server.mjs');
  if (!existsSync(buildScript)) return (appArgs = ['--import', 'tsx', 'src/server/main.ts']);
  const reason = serverBuildStaleReason(appDir);
  if (reason) {
    console.log(`> building the server: node scripts/build-server.mjs (${reason})`);
    const r = spawnSync(process.execPath, [buildScript], { cwd: appDir, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`building the server in ${appDir} failed (status ${r.status ?? r.signal})`);
  }
  return (appArgs = SERVER_NODE_ARGS);
}

/**
 * The app in its own node process, started as `npm start` starts it (appNodeArgs()). `extraEnv`
 * overrides the benchmark settings below (e.g. LOG_LEVEL).
 */
export async function spawnApp(backend: Backend, extraEnv: NodeJS.ProcessEnv = {}): Promise<Spawned> {
  // BENCH_SERVER_PROFILE=dir: a V8 CPU profile of each server, written there when it stops.
  const profileDir = process.env.BENCH_SERVER_PROFILE;
  const args = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...appNodeArgs()] : appNodeArgs();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...baseEnv(),
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_USERNAME,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    // On PostgreSQL the server still keeps files under DATA_DIR (the mail secret key) and BACKUP_DIR:
    // a temporary directory (removed with the others at the end), never the checkout's ./data.
    ...(backend.kind === 'embedded'
      ? { DATA_DIR: backend.dataDir }
      : { DATABASE_URL: backend.databaseUrl, DATA_DIR: extraEnv.DATA_DIR ?? makeTempDir('app-files') }),
    ...extraEnv,
  };
  env.BACKUP_DIR ??= path.join(env.DATA_DIR!, 'backups');
  return spawnNode(args, env, port, appDir);
}

/**
 * A reference server of bench/: the bare node:http ceiling (bench/ceiling.mjs, `spinUs` µs of busy
 * work added to each answer) or Fastify's hello world (bench/fastify-floor.mjs).
 */
export async function spawnReference(
  script: 'ceiling.mjs' | 'fastify-floor.mjs',
  opts: { spinUs?: number } = {},
): Promise<Spawned> {
  const port = await freePort();
  const env = { ...baseEnv(), PORT: String(port), ...(opts.spinUs ? { SPIN_US: String(opts.spinUs) } : {}) };
  return spawnNode([path.join(repoRoot, 'bench', script)], env, port);
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on a fresh connection (no keep-alive pool to leak or to skew a timing). */
export function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: init.method ?? 'GET', headers: { connection: 'close', ...init.headers }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(init.timeoutMs ?? 5_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * Polls GET `path` every `intervalMs` until it answers 200; returns the milliseconds since the
 * process was spawned. Fails early if the process exits, and after `timeoutMs`.
 */
export async function waitFor200(
  server: Spawned,
  urlPath = '/',
  { intervalMs = 50, timeoutMs = 60_000 } = {},
): Promise<number> {
  const deadline = server.spawnedAt + timeoutMs;
  let last: string;
  for (;;) {
    server.assertAlive(`server (pid ${server.pid}), before answering 200 on ${urlPath},`);
    try {
      const res = await request(server.baseUrl + urlPath, { timeoutMs: 2_000 });
      if (res.status === 200) return performance.now() - server.spawnedAt;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    if (performance.now() > deadline) {
      throw new Error(
        `server did not answer 200 on ${urlPath} within ${timeoutMs / 1000} s (last: ${last}):\n${server.output()}`,
      );
    }
    await sleep(intervalMs);
  }
}

/** POST /api/auth/login as the bench admin; returns the Cookie header value. */
export async function signIn(server: Spawned): Promise<string> {
  const res = await request(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
    timeoutMs: 15_000,
  });
  if (res.status !== 200) throw new Error(`sign-in failed: HTTP ${res.status} ${res.body}`);
  const setCookie = [res.headers['set-cookie'] ?? []].flat();
  const sid = setCookie.map((c) => c.split(';')[0]!).find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`sign-in answered 200 without a sid cookie: ${setCookie.join(' | ')}`);
  const check = await request(`${server.baseUrl}/api/auth/user`, { headers: { cookie: sid } });
  if (check.status !== 200)
    throw new Error(`GET /api/auth/user with the new cookie answered ${check.status}: ${check.body}`);
  return sid;
}
