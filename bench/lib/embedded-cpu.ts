// CPU the embedded PostgreSQL (ADR 048) spends, from /proc: its postmaster, every live backend, and
// (through the postmaster's cutime/cstime) the parallel workers that exited meanwhile. With the
// benchmark's own CPU it is what a request costs whatever the machine's load: on a shared machine
// the wall-clock figures queue behind other people's work, the CPU per request does not.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { cpuSeconds } from './cpu.ts';

/** USER_HZ: 100 on Linux (x86-64 and arm64), the unit of /proc/<pid>/stat's times. */
const TICKS = 100;

function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // exited meanwhile
  }
}

/** Seconds of CPU of the server whose data directory is `pgdata`, so far (see the file's comment). */
export function embeddedDbCpuSeconds(pgdata: string): number {
  return postmasterCpuSeconds(Number(readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]));
}

/** The same for any PostgreSQL server on this machine, by its postmaster's pid (root reads any /proc). */
export function postmasterCpuSeconds(postmaster: number): number {
  const own = statFields(postmaster);
  if (!own) throw new Error(`the PostgreSQL server (pid ${postmaster}) is not running`);
  // Fields from 3 on: ppid is 4, cutime 16, cstime 17 (exited children, parallel workers included).
  let total = cpuSeconds(postmaster) + (Number(own[13]) + Number(own[14])) / TICKS;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!pid || pid === postmaster || statFields(pid)?.[1] !== String(postmaster)) continue;
    try {
      total += cpuSeconds(pid);
    } catch {
      // exited between the two reads: its time is in the postmaster's cutime next time
    }
  }
  return total;
}

/** The postmaster of the server `client` is connected to: the parent of its backend. */
export function postmasterOf(backendPid: number): number {
  const fields = statFields(backendPid);
  if (!fields) throw new Error(`no process ${backendPid}`);
  return Number(fields[1]);
}
