// CPU accounting from /proc: how busy the server was, and how busy everything else on the machine
// was (other people's tests, browsers...), which is what makes a figure trustworthy or not.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLK_TCK = (() => {
  try {
    return Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface MachineCpu {
  /** user + nice + system: time spent running processes (ours included), seconds, all cores. */
  processes: number;
  /**
   * Interrupt handling. Not charged to any process: with loopback HTTP at tens of thousands of
   * requests per second this is mostly the benchmark's own network traffic.
   */
  softirq: number;
  /** Time the hypervisor gave our virtual CPUs to someone else. */
  steal: number;
}

/** Machine-wide CPU seconds so far (all cores), from the first line of /proc/stat. */
export function machineCpu(): MachineCpu {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number) as number[];
  return {
    processes: (user! + nice! + system!) / CLK_TCK,
    softirq: (irq! + softirq!) / CLK_TCK,
    steal: steal! / CLK_TCK,
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start at field 3: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

export interface CpuWindow {
  wallS: number;
  /** CPU of the watched process, % of one core (100 = one core fully busy). */
  processPct: number;
  /** CPU of this (benchmark / autocannon) process, % of one core. */
  selfPct: number;
  /** CPU of all other processes on the machine, % of one core. */
  otherPct: number;
  /** Interrupt handling (mostly our own loopback traffic), % of one core. */
  softirqPct: number;
  /** Hypervisor steal, % of one core. */
  stealPct: number;
}

/** Starts a window; call the returned function (before the watched process exits) to close it. */
export function cpuWindow(pid: number): () => CpuWindow {
  const t0 = performance.now();
  const machine0 = machineCpu();
  const proc0 = cpuSeconds(pid);
  const self0 = process.cpuUsage();
  return () => {
    const wallS = (performance.now() - t0) / 1000;
    const procS = cpuSeconds(pid) - proc0;
    const self = process.cpuUsage(self0);
    const selfS = (self.user + self.system) / 1e6;
    const machine = machineCpu();
    const otherS = Math.max(0, machine.processes - machine0.processes - procS - selfS);
    const pct = (s: number) => (100 * s) / wallS;
    return {
      wallS,
      processPct: pct(procS),
      selfPct: pct(selfS),
      otherPct: pct(otherS),
      softirqPct: pct(machine.softirq - machine0.softirq),
      stealPct: pct(machine.steal - machine0.steal),
    };
  };
}

/**
 * Waits (up to `maxWaitS`) until other processes use at most `thresholdPct` of a core over one
 * second, so a measurement does not start in the middle of someone else's test run.
 * Returns how long it waited and the last reading.
 */
export async function waitForQuiet(
  maxWaitS: number,
  thresholdPct: number,
): Promise<{ waitedS: number; otherPct: number }> {
  const t0 = performance.now();
  let otherPct: number;
  for (;;) {
    const m0 = machineCpu();
    const self0 = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const self = process.cpuUsage(self0);
    otherPct = 100 * Math.max(0, machineCpu().processes - m0.processes - (self.user + self.system) / 1e6);
    const waitedS = (performance.now() - t0) / 1000;
    if (otherPct <= thresholdPct || waitedS >= maxWaitS) return { waitedS, otherPct };
  }
}
