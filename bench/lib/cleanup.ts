// Everything the benchmark creates (child processes, temp directories, databases) is registered
// here, so it is removed on a normal end, on a failure and on Ctrl+C / SIGTERM.
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
/** Async clean-ups (e.g. DROP DATABASE), run after the children are gone. */
const finalizers = new Set<() => Promise<void>>();

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
/** Children this benchmark asked to stop: any other signal death came from outside. */
const stoppedByUs = new WeakSet<ChildProcess>();

/**
 * A server killed by a signal this benchmark did not send (on a shared machine, someone else's
 * clean-up script): the step is retried once instead of being reported as a failure of the app.
 */
export class ExternalKillError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExternalKillError';
  }
}

/** Signals another process may have sent (a crash, SIGSEGV or SIGABRT, is the app's own failure). */
const OUTSIDE_SIGNALS = new Set<NodeJS.Signals>(['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGKILL']);

/** Throws if `child` has exited: ExternalKillError if someone else's signal ended it. */
export function assertAlive(child: ChildProcess, what: string, output: () => string): void {
  if (alive(child)) return;
  const how = child.signalCode ?? `exit code ${child.exitCode}`;
  const message = `${what} exited (${how}) ${stoppedByUs.has(child) ? 'after being stopped' : 'unexpectedly'}:\n${output()}`;
  // The server exits 0 on SIGTERM / SIGINT once its graceful shutdown handler is installed.
  const outside =
    !stoppedByUs.has(child) &&
    (child.exitCode === 0 || (child.signalCode !== null && OUTSIDE_SIGNALS.has(child.signalCode)));
  if (outside) throw new ExternalKillError(`${message}\n(stopped by a signal that did not come from this benchmark)`);
  throw new Error(message);
}

let shuttingDown = false;

/** True once Ctrl+C / SIGTERM / a fatal error started the clean-up: nothing new may be created. */
export const isShuttingDown = () => shuttingDown;

/** Refuses to create anything (process, directory, database) once the clean-up has started. */
export function assertNotShuttingDown(): void {
  if (shuttingDown) throw new Error('the benchmark is shutting down');
}

export function trackChild(child: ChildProcess): void {
  if (shuttingDown) {
    stoppedByUs.add(child);
    child.kill('SIGKILL');
    throw new Error('the benchmark is shutting down');
  }
  children.add(child);
  child.once('exit', () => children.delete(child));
}

export function makeTempDir(prefix: string): string {
  assertNotShuttingDown();
  const dir = mkdtempSync(path.join(os.tmpdir(), `autoimport-bench-${prefix}-`));
  // Under root the embedded database runs as its own user (ADR 048): it must be able to enter.
  chmodSync(dir, 0o755);
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** Registers an async clean-up; call the returned function once it has run normally. */
export function addFinalizer(fn: () => Promise<void>): () => void {
  finalizers.add(fn);
  return () => finalizers.delete(fn);
}

/** Stops one child: SIGTERM, then SIGKILL after `graceMs`. Resolves once it has exited. */
export async function stopChild(child: ChildProcess, graceMs = 12_000): Promise<void> {
  if (!alive(child)) return;
  stoppedByUs.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => alive(child) && child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

let cleaning: Promise<void> | null = null;

/** Stops every child, runs the finalizers and removes the temp directories. Idempotent. */
export function cleanupAll(graceMs = 12_000): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all([...children].map((c) => stopChild(c, graceMs)));
    for (const fn of [...finalizers]) {
      try {
        await fn();
      } catch (err) {
        console.error(`clean-up failed: ${(err as Error).message}`);
      }
      finalizers.delete(fn);
    }
    for (const dir of [...tempDirs]) removeTempDir(dir);
  })();
  return cleaning;
}

/** Last resort on process exit (synchronous): kill what is left and remove the temp directories. */
function cleanupSync(): void {
  for (const child of children) {
    stoppedByUs.add(child);
    if (alive(child)) child.kill('SIGKILL');
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}

export function installCleanupHandlers(): void {
  process.once('exit', cleanupSync);
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) {
      // Second Ctrl+C: give up waiting, kill everything now.
      cleanupSync();
      process.exit(130);
    }
    interrupted = true;
    shuttingDown = true;
    console.error(`\n${signal}: stopping the servers and cleaning up (Ctrl+C again to force)...`);
    void cleanupAll(3_000).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const onFatal = (err: unknown) => {
    shuttingDown = true;
    console.error('benchmark failed:', err);
    void cleanupAll(3_000).finally(() => process.exit(1));
  };
  process.on('uncaughtException', onFatal);
  process.on('unhandledRejection', onFatal);
}
