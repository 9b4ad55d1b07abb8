import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDirLock, DataDirLockedError } from './dir-lock.ts';

/** Starts a Node process that stays alive until killed. */
async function startIdleProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  return child;
}

/** The pid of a process that has exited (so no process holds it). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('acquireDirLock', () => {
  let dir: string;
  let lockPath: string;
  const children: ChildProcess[] = [];

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dir-lock-'));
    lockPath = path.join(dir, 'pglite.lock');
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes our pid to the lock file, and release removes it', () => {
    const lock = acquireDirLock(lockPath, dir);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
    lock.release(); // harmless twice
    // Free again: it can be taken once more.
    acquireDirLock(lockPath, dir).release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('refuses a second acquire while held, with a clear message', () => {
    const lock = acquireDirLock(lockPath, dir);
    try {
      let error: unknown;
      try {
        acquireDirLock(lockPath, dir);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(DataDirLockedError);
      const message = (error as Error).message;
      expect((error as Error).name).toBe('DataDirLockedError');
      expect(message).toContain(dir);
      expect(message).toContain(`pid ${process.pid}`);
      expect(message).toMatch(/already in use by another running instance/);
      expect(message).toMatch(/DATA_DIR/);
      expect(message).toMatch(/DATABASE_URL/);
      // The holder's lock is untouched.
      expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    } finally {
      lock.release();
    }
  });

  it('refuses while another live process holds the lock', async () => {
    const holder = await startIdleProcess();
    children.push(holder);
    writeFileSync(lockPath, String(holder.pid));
    expect(() => acquireDirLock(lockPath, dir)).toThrow(DataDirLockedError);
    expect(() => acquireDirLock(lockPath, dir)).toThrow(`pid ${holder.pid}`);
    expect(readFileSync(lockPath, 'utf8')).toBe(String(holder.pid));
  });

  it('takes over a stale lock left by a process that is gone', async () => {
    for (const stale of [String(await deadPid()), '999999', '', 'garbage']) {
      writeFileSync(lockPath, stale);
      const lock = acquireDirLock(lockPath, dir);
      expect(readFileSync(lockPath, 'utf8'), JSON.stringify(stale)).toBe(String(process.pid));
      lock.release();
      expect(existsSync(lockPath)).toBe(false);
    }
  });

  it('does not delete a lock that another process took over after ours', () => {
    const lock = acquireDirLock(lockPath, dir);
    writeFileSync(lockPath, '424242'); // someone else's now
    lock.release();
    expect(readFileSync(lockPath, 'utf8')).toBe('424242');
  });

  it('reports other file-system errors as they are', () => {
    expect(() => acquireDirLock(path.join(dir, 'missing-dir', 'pglite.lock'), dir)).toThrow(/ENOENT/);
  });
});
