// `npm start` must never leave the server running once it is stopped: the server is replaced here
// by a stand-in child that records the signals it gets, run through the same package.json start
// script and the same runSupervised() as scripts/start.mjs.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const startScript = (
  JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(what: string, fn: () => T | undefined | false, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

interface Setup {
  dir: string;
  /** Signals the stand-in server received, in order. */
  signals(): string[];
  /** The stand-in server's pid, once it runs. */
  serverPid(): Promise<number>;
}

const dirs: string[] = [];
const spawned: ChildProcess[] = [];
afterEach(() => {
  for (const child of spawned.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) {
    // A stand-in still running after a failed test is stopped by its pid file.
    try {
      process.kill(Number(readFileSync(path.join(dir, 'server.pid'), 'utf8')), 'SIGKILL');
    } catch {
      /* gone */
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * A package whose start script is this repository's, with scripts/start.mjs replaced by a wrapper
 * that supervises the stand-in server exactly as scripts/start.mjs supervises the real one.
 */
function setup(): Setup {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'npm-start-signals-'));
  dirs.push(dir);
  const log = path.join(dir, 'signals.log');
  const pidFile = path.join(dir, 'server.pid');
  // The stand-in: records each signal, then exits 7 (a status of its own, to check it is passed on).
  writeFileSync(
    path.join(dir, 'server.mjs'),
    `import fs from 'node:fs';
fs.writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(s, () => { fs.appendFileSync(${JSON.stringify(log)}, s + '\\n'); process.exit(7); });
setInterval(() => {}, 1000);
`,
  );
  writeFileSync(
    path.join(dir, 'start.mjs'),
    `import { runSupervised } from ${JSON.stringify(path.join(repoRoot, 'scripts', 'lib', 'proc.mjs'))};
process.exit(await runSupervised(process.execPath, ['server.mjs'], { cwd: ${JSON.stringify(dir)} }));
`,
  );
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'start-signals',
      version: '1.0.0',
      private: true,
      scripts: { start: startScript.replace('scripts/start.mjs', 'start.mjs') },
    }),
  );
  return {
    dir,
    signals: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []),
    serverPid: () =>
      until('the stand-in server', () => existsSync(pidFile) && Number(readFileSync(pidFile, 'utf8')) > 0).then(() =>
        Number(readFileSync(pidFile, 'utf8')),
      ),
  };
}

function run(command: string, args: string[], cwd: string) {
  // stdin is not a terminal here, as under systemd, nohup or a process manager.
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  spawned.push(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited };
}

describe('npm start and signals', () => {
  it('runs the start script with exec, so that npm signals it directly rather than a shell', () => {
    expect(startScript).toMatch(/^exec node scripts\/start\.mjs$/);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'passes %s sent to npm on to the server, and waits for it',
    async (signal) => {
      const s = setup();
      const npm = run('npm', ['start', '--silent'], s.dir);
      const server = await s.serverPid();
      npm.child.kill(signal);
      await until('the server to exit', () => !alive(server));
      expect(s.signals()).toEqual([signal]);
      const exit = await npm.exited;
      expect(exit.code ?? exit.signal).not.toBe(0);
    },
    20_000,
  );

  it('stops the server when npm dies of a signal it does not forward (SIGHUP) or of SIGKILL', async () => {
    for (const signal of ['SIGHUP', 'SIGKILL'] as const) {
      const s = setup();
      const npm = run('npm', ['start', '--silent'], s.dir);
      const server = await s.serverPid();
      npm.child.kill(signal);
      await npm.exited;
      await until(`the server to exit after ${signal} to npm`, () => !alive(server));
      expect(s.signals(), signal).toEqual(['SIGTERM']);
    }
  }, 20_000);

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    'passes %s sent to the start process on to the server and exits with its status',
    async (signal) => {
      const s = setup();
      const starter = run(process.execPath, ['start.mjs'], s.dir);
      const server = await s.serverPid();
      starter.child.kill(signal);
      expect(await starter.exited).toEqual({ code: 7, signal: null });
      expect(alive(server)).toBe(false);
      expect(s.signals()).toEqual([signal]);
    },
    20_000,
  );
});
