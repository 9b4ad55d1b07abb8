// A server left by an app that was killed (kill -9, a crash, a power cut), found through
// postmaster.pid (ADR 048, issue 28): reused when it answers on our socket, waited for while it
// recovers, stopped otherwise; and never a second postmaster on the same directory.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { alive, isOurPostmaster, readPostmasterPid, socketLockHolder } from './orphan.ts';

/** How long a server left running may take to accept connections before it is stopped instead. */
const LEFTOVER_READY_MS = 60_000;
/** Starts tried when another postmaster takes the directory meanwhile (one a dying app began). */
const START_ATTEMPTS = 3;

type Started = 'start' | 'initdb' | 'reused';

export interface StartOrReuse {
  pgdata: string;
  socketDir: string;
  adminUrl: string;
  /** What happened so far: 'initdb' when the cluster was just created. */
  started: Exclude<Started, 'reused'>;
  startLog: string;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  pgCtl: (...args: string[]) => Promise<string>;
  /** The error to throw when the server does not start (with what its logs say). */
  startFailed: (err: Error) => Error;
}

export async function startOrReuse(o: StartOrReuse): Promise<Started> {
  for (let attempt = 1; ; attempt++) {
    const left = readPostmasterPid(o.pgdata);
    const ours =
      left && running(left.pid) && (isOurPostmaster(left.pid, o.pgdata) || socketLockHolder(o.socketDir) === left.pid);
    if (left && ours) {
      // It may still be recovering (replaying the WAL after a power cut takes a while): wait.
      if (left.socketDir === o.socketDir && (await connectsWithin(o.adminUrl, left.pid, LEFTOVER_READY_MS))) {
        o.log.info({ postmaster: left.pid }, 'embedded PostgreSQL: reusing the server a previous run left running');
        return 'reused';
      }
      o.log.warn({ postmaster: left.pid }, 'embedded PostgreSQL: stopping the server a previous run left running');
      try {
        await o.pgCtl('stop', '--mode', 'fast', '--wait', '--timeout', '60');
      } catch (err) {
        if (running(left.pid)) throw err; // else it went by itself meanwhile: nothing left to stop
      }
    } else if (left) {
      // No server of ours behind that pid (gone, or a reboot gave it to another process): stale.
      rmSync(path.join(o.pgdata, 'postmaster.pid'), { force: true });
    }
    // A power cut can drop postmaster.pid while the old postmaster is still dying (killed, but
    // blocked in file I/O): only its socket lock names it. It is not reused (a postmaster whose
    // pid file is gone shuts itself down); it is waited for, and told to quit if it is ours.
    const holder = socketLockHolder(o.socketDir);
    if (holder && !running(holder)) {
      // A killed postmaster nobody has reaped yet (a zombie: where the parent of orphans does not
      // reap) still passes PostgreSQL's own kill(pid, 0) test and would refuse every start. It
      // holds no socket and no file: its lock file is stale.
      rmSync(path.join(o.socketDir, '.s.PGSQL.5432.lock'), { force: true });
    } else if (holder && !readPostmasterPid(o.pgdata)) {
      o.log.warn({ postmaster: holder }, 'embedded PostgreSQL: waiting for the server a previous run left to exit');
      if (!(await goneWithin(holder, LEFTOVER_READY_MS)) && isOurPostmaster(holder, o.pgdata)) {
        process.kill(holder, 'SIGQUIT'); // immediate shutdown: the next start recovers from the WAL
        await goneWithin(holder, 10_000);
      }
    }
    try {
      await o.pgCtl('start', '--wait', '--timeout', '120', '--log', o.startLog);
      return o.started;
    } catch (err) {
      // Refused because another postmaster's lock was there (alive, dying or a zombie): look again.
      // A start that failed for its own reasons leaves no lock behind and is reported at once.
      const locked = readPostmasterPid(o.pgdata) !== null || socketLockHolder(o.socketDir) !== null;
      if (attempt < START_ATTEMPTS && locked) continue;
      throw o.startFailed(err as Error);
    }
  }
}

/** Alive and not a zombie (a killed postmaster its parent has not reaped yet serves nothing). */
function running(pid: number): boolean {
  if (!alive(pid)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

/** Whether process `pid` has exited (or is a zombie) within `ms`. */
async function goneWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (running(pid)) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return true;
}

/** Whether the server accepts connections within `ms`, while its postmaster `pid` runs. */
async function connectsWithin(adminUrl: string, pid: number, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  for (;;) {
    if (await canConnect(adminUrl)) return true;
    if (performance.now() > deadline || !running(pid)) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function canConnect(adminUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select pg_reload_conf()'); // an updated postgresql.app.conf applies now
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
