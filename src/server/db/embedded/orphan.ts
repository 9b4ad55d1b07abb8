import { readFileSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';

export interface PostmasterPid {
  pid: number;
  socketDir: string | null;
}

/** The first lines of DATA_DIR/postgres/postmaster.pid, or null when there is none. */
export function readPostmasterPid(pgdata: string): PostmasterPid | null {
  let text: string;
  try {
    text = readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, socketDir: lines[4]?.trim() || null };
}

/** Whether a process with this pid exists (EPERM: it does, as another user). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether `pid` is the postmaster of this data directory: alive, and (on Linux) a process whose
 * working directory is the data directory, which the postmaster sets at start. After a reboot a
 * stale pid may name an unrelated process; that one must never be signalled.
 */
export function isOurPostmaster(pid: number, pgdata: string): boolean {
  if (!alive(pid)) return false;
  if (process.platform !== 'linux') return true;
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === realpathSync(pgdata);
  } catch (err) {
    // Not allowed to look (another user's process): let pg_ctl judge. Gone, or a zombie: not a server.
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'EACCES' || code === 'EPERM';
  }
}

/**
 * The pid in the socket's lock file (`<socketDir>/.s.PGSQL.<port>.lock`, first line), which the
 * postmaster writes as it starts listening. When it names the same live pid as postmaster.pid, that
 * process is this directory's server, whatever /proc says of its working directory.
 */
export function socketLockHolder(socketDir: string, port = 5432): number | null {
  try {
    const pid = Number(readFileSync(path.join(socketDir, `.s.PGSQL.${port}.lock`), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
  } catch {
    return null;
  }
}
