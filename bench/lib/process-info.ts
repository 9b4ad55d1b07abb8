// What a spawned server process is and uses, from /proc (Linux): its memory, its command line and
// its child processes.
import { existsSync, readFileSync, readdirSync } from 'node:fs';

export interface Memory {
  /** Resident set size now, MB. */
  rssMb: number;
  /** Peak resident set size since the process started (VmHWM), MB. */
  peakRssMb: number;
}

/** VmRSS / VmHWM of one process from /proc (Linux). */
export function readMemory(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!m) throw new Error(`no ${field} in /proc/${pid}/status`);
    return Number(m[1]);
  };
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
}

export interface ProcessInfo {
  cmdline: string;
  /**
   * Child processes of the server at the time of reading, with their own RSS (not included in the
   * server's). Under tsx (an older BENCH_APP_DIR), tsx starts an esbuild service process when a
   * source file is not in its compile cache; the compiled server's children are initdb and pg_ctl
   * (the postmaster itself is not a child once pg_ctl has exited: bench/embedded-start.ts counts it).
   */
  children: { pid: number; cmdline: string; rssMb: number }[];
}

function childPids(pid: number): number[] {
  const taskDir = `/proc/${pid}/task`;
  if (!existsSync(taskDir)) return [];
  return readdirSync(taskDir).flatMap((t) => {
    try {
      return readFileSync(`${taskDir}/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

const cmdlineOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');

/** Makes sure `pid` is the node process that serves (not an npm/tsx wrapper) and lists its children. */
export function inspectServerProcess(pid: number): ProcessInfo {
  const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  const cmdline = cmdlineOf(pid);
  if (!/^node/.test(comm)) throw new Error(`pid ${pid} is "${comm}" (${cmdline}), not node`);
  if (!cmdline.includes('dist/server/main.js') && !cmdline.includes('src/server/main.ts'))
    throw new Error(`pid ${pid} runs "${cmdline}", not the server`);
  const children = childPids(pid).flatMap((child) => {
    try {
      return [{ pid: child, cmdline: cmdlineOf(child), rssMb: readMemory(child).rssMb }];
    } catch {
      return []; // exited meanwhile
    }
  });
  return { cmdline, children };
}
