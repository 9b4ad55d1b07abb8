import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already in use by another running instance (pid ${pid}). ` +
        'Stop that instance, use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Exclusive lock file holding our pid; a lock left by a dead process is taken over. */
export function acquireDirLock(lockPath: string, dirForMessage: string): { release(): void } {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (readFileSync(lockPath, 'utf8') === String(process.pid)) unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockPath, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dirForMessage, pid);
      if (pid === process.pid) throw new DataDirLockedError(dirForMessage, pid);
      try {
        unlinkSync(lockPath); // stale: its process is gone
      } catch {
        /* another starter removed it first; retry */
      }
    }
  }
  throw new Error(`Could not acquire the lock ${lockPath}`);
}
