// The power-cut file system (powercut-fs.c, ADR 051) from a test: compiled with gcc into a cache
// folder when its source changed, mounted over a temporary backing directory, cut and revived
// through its control file, and always unmounted (teardown, failure, or the process ending).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir, removeTempDir, trackChild } from '../../lib/cleanup.ts';
import { repoRoot, sleep } from '../../lib/server.ts';

const SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'powercut-fs.c');
/** Compiled binaries, named by the hash of their source: a changed source is a new file. */
const CACHE_DIR = path.join(repoRoot, 'node_modules', '.cache', 'autoimport-powercut');

const which = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' }).status === 0;

/**
 * Why the rig cannot run here, or null: /dev/fuse, fusermount3, gcc, pkg-config and libfuse3's
 * headers (Debian: fuse3 libfuse3-dev pkg-config gcc).
 */
export function powercutUnavailableReason(): string | null {
  try {
    accessSync('/dev/fuse', constants.R_OK | constants.W_OK);
  } catch {
    return '/dev/fuse is missing or not usable (FUSE is not available on this machine)';
  }
  if (!which('fusermount3')) return "fusermount3 is missing (Debian package 'fuse3')";
  if (!which('gcc')) return "gcc is missing (Debian package 'gcc')";
  if (!which('pkg-config')) return "pkg-config is missing (Debian package 'pkg-config')";
  if (spawnSync('pkg-config', ['--exists', 'fuse3']).status !== 0)
    return "libfuse3 is missing (Debian package 'libfuse3-dev')";
  return null;
}

/** The compiled daemon, built first if this source has not been compiled yet. */
export function buildPowercutFs(): string {
  const source = readFileSync(SOURCE);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const binary = path.join(CACHE_DIR, `powercut-fs-${hash}`);
  if (existsSync(binary)) return binary;
  mkdirSync(CACHE_DIR, { recursive: true });
  const flags = spawnSync('pkg-config', ['--cflags', '--libs', 'fuse3'], { encoding: 'utf8' });
  if (flags.status !== 0) throw new Error(`pkg-config --cflags --libs fuse3 failed: ${flags.stderr}`);
  const tmp = `${binary}.${process.pid}.tmp`;
  const r = spawnSync('gcc', ['-O2', '-Wall', '-o', tmp, SOURCE, ...flags.stdout.trim().split(/\s+/)], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`compiling ${SOURCE} failed:\n${r.stderr}`);
  renameSync(tmp, binary); // atomic: a concurrent build of the same source writes the same bytes
  return binary;
}

export interface PowercutMount {
  /** Where the tested programs keep their files. */
  mountPoint: string;
  /** The directory underneath: after a cut, it holds only what was synced. */
  backingDir: string;
  daemon: ChildProcess;
  /** Power cut: unsynced data dropped, then every call fails with EIO until revive(). */
  cut(): void;
  revive(): void;
  /** Everything written so far becomes durable (the kernel's writeback of old dirty pages). */
  sync(): void;
  /** The daemon's counters (dirty files, saved pages, cuts, pages and files dropped). */
  status(): Record<string, number>;
  unmount(): Promise<void>;
}

const mounted = new Set<string>();
let exitHookInstalled = false;

/** Last resort when the test process ends: detach every mount still there (never a stale mount). */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const mountPoint of mounted) spawnSync('fusermount3', ['-uz', mountPoint], { stdio: 'ignore' });
  });
}

const isMounted = (mountPoint: string) =>
  readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .some((line) => line.split(' ')[4] === mountPoint);

/**
 * Mounts a fresh power-cut file system. `allowOther` lets other users (the `postgres` system user)
 * use it; the kernel then checks permissions (default_permissions).
 */
export async function mountPowercutFs(name: string, opts: { allowOther?: boolean } = {}): Promise<PowercutMount> {
  const binary = buildPowercutFs();
  const backingDir = makeTempDir(`${name}-backing`);
  const mountPoint = makeTempDir(`${name}-mnt`);
  // Reachable by other users: mkdtemp makes 0700 folders.
  chmodSync(backingDir, 0o755);
  chmodSync(mountPoint, 0o755);
  const options = ['fsname=powercut', ...(opts.allowOther ? ['allow_other', 'default_permissions'] : [])];
  const daemon = spawn(binary, [backingDir, mountPoint, '-o', options.join(',')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackChild(daemon);
  installExitHook();
  mounted.add(mountPoint);
  let output = '';
  daemon.stdout.on('data', (c: Buffer) => (output += c.toString()));
  daemon.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const control = path.join(mountPoint, '.powercut');

  const unmount = async () => {
    if (!mounted.has(mountPoint)) return;
    const exited =
      daemon.exitCode === null && daemon.signalCode === null
        ? new Promise<void>((resolve) => daemon.once('exit', () => resolve()))
        : Promise.resolve();
    let r = spawnSync('fusermount3', ['-u', mountPoint], { encoding: 'utf8' });
    if (r.status !== 0 && isMounted(mountPoint)) {
      // Busy (a process still has a file open): detach it now; it goes when the last file closes.
      r = spawnSync('fusermount3', ['-uz', mountPoint], { encoding: 'utf8' });
      if (r.status !== 0 && isMounted(mountPoint)) throw new Error(`fusermount3 -uz ${mountPoint}: ${r.stderr}`);
    }
    const timer = setTimeout(() => daemon.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    mounted.delete(mountPoint);
    removeTempDir(mountPoint);
    removeTempDir(backingDir);
  };

  const deadline = performance.now() + 15_000;
  while (!isMounted(mountPoint) || !existsSync(control)) {
    if (daemon.exitCode !== null || daemon.signalCode !== null || performance.now() > deadline) {
      await unmount().catch(() => undefined);
      throw new Error(`powercut-fs did not mount ${mountPoint}:\n${output}`);
    }
    await sleep(20);
  }

  return {
    mountPoint,
    backingDir,
    daemon,
    cut: () => writeFileSync(control, 'cut'),
    revive: () => writeFileSync(control, 'revive'),
    sync: () => writeFileSync(control, 'sync'),
    status: () =>
      Object.fromEntries(
        readFileSync(control, 'utf8')
          .trim()
          .split(/\s+/)
          .map((kv) => {
            const [k, v] = kv.split('=');
            return [k!, Number(v)];
          }),
      ),
    unmount,
  };
}

/** The pid and every descendant of it (from /proc/<pid>/task/<tid>/children). */
function processTree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    for (const tid of readdirSafe(`/proc/${out[i]}/task`)) {
      let children: string[];
      try {
        children = readFileSync(`/proc/${out[i]}/task/${tid}/children`, 'utf8').trim().split(/\s+/);
      } catch {
        continue;
      }
      for (const c of children) if (c && !out.includes(Number(c))) out.push(Number(c));
    }
  }
  return out;
}

/** Processes whose working directory or an open file is under `dir` (e.g. orphaned database servers). */
function processesUsing(dir: string): number[] {
  const found: number[] = [];
  const under = (p: string) => p === dir || p.startsWith(`${dir}/`);
  for (const entry of readdirSafe('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (under(readlinkSafe(`/proc/${entry}/cwd`))) {
        found.push(Number(entry));
        continue;
      }
      if (readdirSafe(`/proc/${entry}/fd`).some((fd) => under(readlinkSafe(`/proc/${entry}/fd/${fd}`)))) {
        found.push(Number(entry));
        continue;
      }
      // A server named by its data directory (`postgres -D <dir>/...`): a power cut takes it too,
      // even when its working directory and files no longer resolve under the mount (seen once the
      // file system was cut: a postmaster survived the sweep and held the directory after revive).
      if (readCmdline(entry).some((arg) => under(arg))) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function readCmdline(pid: string): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function readlinkSafe(link: string): string {
  try {
    return readlinkSync(link);
  } catch {
    return '';
  }
}

const aliveNow = (pid: number) => {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z/.test(stat); // a zombie is dead
  } catch {
    return false;
  }
};

/**
 * kill -9 of `roots` with all their descendants and of every process using the mount, repeated
 * until none is left (a database server's children survive their parent for a moment). The FUSE
 * daemon is spared. Answers the pids killed.
 */
export async function killEverythingOn(mount: PowercutMount, roots: number[]): Promise<number[]> {
  const killed = new Set<number>();
  const spare = new Set([process.pid, mount.daemon.pid]);
  const deadline = performance.now() + 20_000;
  for (;;) {
    const targets = [...new Set([...roots.flatMap(processTree), ...processesUsing(mount.mountPoint)])].filter(
      (pid) => !spare.has(pid) && aliveNow(pid),
    );
    if (!targets.length) return [...killed];
    if (performance.now() > deadline) throw new Error(`processes survive kill -9: ${targets.join(', ')}`);
    for (const pid of targets) {
      try {
        process.kill(pid, 'SIGKILL');
        killed.add(pid);
      } catch {
        // exited meanwhile
      }
    }
    await sleep(20);
  }
}
