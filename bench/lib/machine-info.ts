// What a benchmark run records about the machine and the checkout it measured.
import { execSync } from 'node:child_process';
import os from 'node:os';
import { serverVersion } from './pg.ts';
import { appDir, repoRoot } from './server.ts';

const sh = (cmd: string, cwd = repoRoot) => {
  try {
    return execSync(cmd, { encoding: 'utf8', cwd, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
};

export async function machineInfo() {
  return {
    nproc: Number(sh('nproc') ?? os.availableParallelism()),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memTotalGb: +(os.totalmem() / 1024 ** 3).toFixed(1),
    freeH: sh('free -h'),
    node: process.version,
    kernel: `${os.type()} ${os.release()}`,
    postgres: await serverVersion().catch((err: Error) => `unreachable (${err.message})`),
    loadAvgAtStart: os.loadavg().map((n) => +n.toFixed(2)),
  };
}

export function appInfo() {
  const status = sh('git status --porcelain', appDir);
  return {
    dir: appDir,
    commit: sh('git rev-parse --short HEAD', appDir),
    uncommittedFiles: status === null ? null : status.split('\n').filter(Boolean).length,
  };
}
