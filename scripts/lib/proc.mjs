// Small process helpers shared by scripts/start.mjs, scripts/dev.mjs and scripts/test.mjs.
// Plain Node ESM with no npm dependencies: it must work before `npm ci` has run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (scripts/lib/ -> ../..), so every script works whatever the current directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A problem the user can fix (missing package, failed install): print the message, no stack trace. */
export class SetupError extends Error {
  constructor(message) {
    super(message);
    this.name = 'SetupError';
  }
}

/** One short status line per action. */
export function log(message) {
  console.log(`> ${message}`);
}

export function warn(message) {
  console.error(`! ${message}`);
}

/**
 * The JavaScript entry point behind node_modules/.bin/<name>, to run with the current node
 * (same as `npx <name>` after `npm ci`, without npx's start-up cost or PATH lookup).
 */
export function localBin(name, root = repoRoot) {
  const link = path.join(root, 'node_modules', '.bin', name);
  try {
    return fs.realpathSync(link);
  } catch {
    throw new SetupError(
      `${name} is not installed (${path.relative(process.cwd(), link) || link} is missing): run npm ci`,
    );
  }
}

/** Exit status a shell would report: the code, or 128 + signal number when killed by a signal. */
export function exitStatus(code, signal) {
  if (typeof code === 'number') return code;
  const n = signal ? os.constants.signals[signal] : undefined;
  return typeof n === 'number' ? 128 + n : 1;
}

/**
 * Spawn with inherited stdio (unless given) and return { child, done }, where done resolves to
 * { code, signal, status } and never rejects (a spawn error resolves with status 127).
 */
export function start(command, args, { cwd = repoRoot, env = process.env, stdio = 'inherit', detached = false } = {}) {
  const child = spawn(command, args, { cwd, env, stdio, detached });
  const done = new Promise((resolve) => {
    child.once('error', (err) => {
      warn(`could not start ${command}: ${err.message}`);
      resolve({ code: 127, signal: null, status: 127 });
    });
    child.once('exit', (code, signal) => resolve({ code, signal, status: exitStatus(code, signal) }));
  });
  return { child, done };
}

/** Send a signal, ignoring "no such process". */
export function kill(child, signal = 'SIGTERM') {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  try {
    child.kill(signal);
  } catch {
    /* already gone */
  }
}

/**
 * Pass SIGINT, SIGTERM and SIGHUP on to children, while keeping this process alive until they exit.
 *
 * Ctrl+C in a terminal already delivers SIGINT to the whole foreground process group (this process
 * and its children), and `npm run` forwards it once more; closing the terminal delivers SIGHUP to
 * the group the same way. The server uses close-with-grace, which treats a second signal as "exit
 * now", so SIGINT and SIGHUP are not forwarded when stdin is a terminal, and repeats within a
 * second (npm's copy plus the terminal's) are forwarded only once.
 *
 * `onSignal(signal)` runs for every signal received (after forwarding). Returns an uninstall function.
 */
export function forwardSignals(getChildren, onSignal = () => {}) {
  let last = { signal: null, at: 0 };
  const handler = (signal) => {
    const now = Date.now();
    const duplicate = last.signal === signal && now - last.at < 1000;
    last = { signal, at: now };
    const fromTerminal = (signal === 'SIGINT' || signal === 'SIGHUP') && process.stdin.isTTY;
    if (!duplicate && !fromTerminal) {
      for (const child of getChildren()) kill(child, signal);
    }
    onSignal(signal);
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  for (const s of signals) process.on(s, handler);
  return () => {
    for (const s of signals) process.off(s, handler);
  };
}

/**
 * Calls `onOrphaned()` once if the parent process goes away (this process is then re-parented, so
 * its ppid changes): `npm start` killed by a signal npm does not forward (SIGHUP), or by SIGKILL.
 * Returns a function that stops watching.
 */
export function watchParent(onOrphaned, intervalMs = 500) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onOrphaned();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Runs one child until it exits and resolves to its exit status: signals to this process are
 * forwarded to it (forwardSignals), and it is sent SIGTERM if this process's parent goes away
 * (watchParent), so that stopping the parent never leaves the child running on its own.
 */
export async function runSupervised(command, args, opts = {}) {
  const run = start(command, args, opts);
  const unforward = forwardSignals(() => [run.child]);
  const unwatch = watchParent(() => {
    warn(`the parent process is gone: stopping ${path.basename(command)} (pid ${run.child.pid})`);
    kill(run.child, 'SIGTERM');
  });
  const { status } = await run.done;
  unforward();
  unwatch();
  return status;
}

/** Find an executable like `command -v name`, then in the given known locations. */
export function findExecutable(name, knownPaths = []) {
  const isExecutable = (file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  };
  if (name.includes('/')) return isExecutable(name) ? name : null;
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const dir of [...dirs, '/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin']) {
    const file = path.join(dir, name);
    if (isExecutable(file)) return file;
  }
  for (const file of knownPaths) if (isExecutable(file)) return file;
  return null;
}
