// Prerequisites for `npm start`, `npm run dev` and `npm test` on a fresh clone.
// Plain Node ESM with no npm dependencies: it runs before `npm ci` has installed anything.
// Every function is idempotent and prints one short line per action it takes (nothing when up to date).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SetupError, findExecutable, localBin, log, repoRoot, warn } from './proc.mjs';

export { SetupError, repoRoot };

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

function runSync(command, args, { cwd = repoRoot, env = process.env } = {}) {
  const r = spawnSync(command, args, { cwd, env, stdio: 'inherit' });
  if (r.error) return { ok: false, detail: r.error.message };
  if (r.status !== 0) return { ok: false, detail: r.signal ? `killed by ${r.signal}` : `exit code ${r.status}` };
  return { ok: true };
}

/** npm as started by `npm run` (npm_execpath), or npm next to this node, or npm on PATH. */
function npmCommand() {
  const execPath = process.env.npm_execpath;
  if (execPath && /npm-cli\.[cm]?js$/.test(execPath) && fs.existsSync(execPath)) {
    return { command: process.execPath, args: [execPath] };
  }
  const besideNode = path.join(path.dirname(process.execPath), 'npm');
  return { command: fs.existsSync(besideNode) ? besideNode : 'npm', args: [] };
}

/** Why `npm ci` is needed, or null when node_modules matches package-lock.json. */
export function nodeModulesStaleReason(root = repoRoot) {
  const nodeModules = path.join(root, 'node_modules');
  if (!fs.existsSync(nodeModules)) return 'node_modules is missing';
  const installed = mtime(path.join(nodeModules, '.package-lock.json'));
  if (installed === null) return 'node_modules/.package-lock.json is missing';
  const lock = mtime(path.join(root, 'package-lock.json'));
  if (lock !== null && lock > installed) return 'package-lock.json is newer than node_modules';
  return null;
}

/** An explanation for npm ci's "not in sync" error about packages missing from the lock file. */
export function npmCiHint(stderr) {
  const missing = [...new Set([...stderr.matchAll(/Missing: (\S+?)@\S* from lock file/g)].map((m) => m[1]))];
  if (!missing.length) return '';
  const listed =
    missing.length > 4 ? `${missing.slice(0, 4).join(', ')} and ${missing.length - 4} more` : missing.join(', ');
  return (
    `: package-lock.json has no entry for ${listed}. If these are optional platform packages whose ` +
    `version is not published, npm >= 11.16 leaves them out of the lock file and then rejects it ` +
    `(npm/cli#9846); package-lock.json needs fixing (entries with version, os and cpu for them, ` +
    `or a dependency version whose platform packages all exist)`
  );
}

/** Run `npm ci` when node_modules is missing or older than package-lock.json. Returns true if it ran. */
export function ensureNodeModules({ root = repoRoot } = {}) {
  const reason = nodeModulesStaleReason(root);
  if (!reason) return false;
  if (!fs.existsSync(path.join(root, 'package-lock.json'))) {
    throw new SetupError(`${reason}, and package-lock.json is missing so npm ci cannot install`);
  }
  log(`installing dependencies: npm ci (${reason})`);
  const npm = npmCommand();
  // Dev and optional dependencies are always needed here (Vite, Vitest, platform-specific native
  // binaries), even if the environment says NODE_ENV=production or npm_config_omit=...; install
  // scripts must run too (native modules), even if npm_config_ignore_scripts is set.
  const args = [
    ...npm.args,
    'ci',
    '--include=dev',
    '--include=optional',
    '--ignore-scripts=false',
    '--no-audit',
    '--no-fund',
  ];
  // stderr is captured (and shown) to explain the most common failure below.
  const r = spawnSync(npm.command, args, {
    cwd: root,
    stdio: ['inherit', 'inherit', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.stderr?.length) process.stderr.write(r.stderr);
  if (r.error || r.status !== 0) {
    const detail = r.error ? r.error.message : r.signal ? `killed by ${r.signal}` : `exit code ${r.status}`;
    throw new SetupError(`npm ci failed (${detail})${npmCiHint(String(r.stderr ?? ''))}`);
  }
  // npm writes node_modules/.package-lock.json on every install; make sure the next check sees it as
  // up to date even if the lock file carries a future timestamp.
  const hidden = path.join(root, 'node_modules', '.package-lock.json');
  const lock = mtime(path.join(root, 'package-lock.json'));
  const installed = mtime(hidden);
  if (installed !== null && lock !== null && lock > installed) {
    const t = new Date(lock + 1000);
    fs.utimesSync(hidden, t, t);
  }
  return true;
}

/** Inputs of the web build, relative to the repository root. */
export const WEB_BUILD_INPUTS = [
  'src/web',
  'src/shared',
  'vite.config.ts',
  'package-lock.json',
  // The browser extension is built with the web app (its zip is served from dist/web/downloads).
  'extension',
  'scripts/build-extension.ts',
  'scripts/lib/zip.ts',
  'package.json',
];
export const WEB_BUILD_OUTPUT = 'dist/web/index.html';

/** Newest modification time under the given files/directories (directories count too: deletions). */
export function newestMtime(paths) {
  let newest = { time: -Infinity, file: null };
  const visit = (p) => {
    let st;
    try {
      st = fs.lstatSync(p);
    } catch {
      return;
    }
    if (st.mtimeMs > newest.time) newest = { time: st.mtimeMs, file: p };
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) {
        if (name === 'node_modules' || name === '.git') continue;
        visit(path.join(p, name));
      }
    }
  };
  for (const p of paths) visit(p);
  return newest;
}

/** Why `vite build` is needed, or null when dist/web is newer than all of its inputs. */
export function webBuildStaleReason(root = repoRoot) {
  const built = mtime(path.join(root, WEB_BUILD_OUTPUT));
  if (built === null) return `${WEB_BUILD_OUTPUT} is missing`;
  const newest = newestMtime(WEB_BUILD_INPUTS.map((p) => path.join(root, p)));
  if (newest.file && newest.time > built) return `${path.relative(root, newest.file)} changed`;
  return null;
}

/** Run `vite build` (the local Vite, like `npx vite build`) when the build is missing or stale. */
export function ensureWebBuild({ root = repoRoot } = {}) {
  const reason = webBuildStaleReason(root);
  if (!reason) return false;
  log(`building the web app: vite build (${reason})`);
  const r = runSync(process.execPath, [localBin('vite', root), 'build'], { cwd: root });
  if (!r.ok) throw new SetupError(`vite build failed (${r.detail})`);
  return true;
}

/** The compiled server (scripts/build-server.mjs, ADR 011): output folder, entry points and inputs. */
export const SERVER_BUILD_DIR = 'dist/server';
export const SERVER_ENTRY_POINTS = {
  main: 'src/server/main.ts',
  'mail-parse.worker': 'src/server/modules/mailboxes/mail-parse.worker.ts',
};
export const SERVER_BUILD_OUTPUT = `${SERVER_BUILD_DIR}/main.js`;
/**
 * Everything the bundle is made of: the server, the shared code, the web app's modules that the
 * server renders (public pages), package.json (its "imports" map), the lock file (a dependency
 * upgrade), the compiler settings and the build script itself.
 */
export const SERVER_BUILD_INPUTS = [
  'src/server',
  'src/shared',
  'src/web',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/build-server.mjs',
];

/** Why the server bundle must be (re)built, or null when dist/server/main.js is newer than all of its inputs. */
export function serverBuildStaleReason(root = repoRoot) {
  const built = mtime(path.join(root, SERVER_BUILD_OUTPUT));
  if (built === null) return `${SERVER_BUILD_OUTPUT} is missing`;
  const newest = newestMtime(SERVER_BUILD_INPUTS.map((p) => path.join(root, p)));
  if (newest.file && newest.time > built) return `${path.relative(root, newest.file)} changed`;
  return null;
}

/** Build the server bundle (node scripts/build-server.mjs) when it is missing or stale. Returns true if it ran. */
export function ensureServerBuild({ root = repoRoot } = {}) {
  const reason = serverBuildStaleReason(root);
  if (!reason) return false;
  log(`building the server: node scripts/build-server.mjs (${reason})`);
  const r = runSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs')], { cwd: root });
  if (!r.ok) throw new SetupError(`building the server failed (${r.detail})`);
  return true;
}

/**
 * V8's helper threads (garbage collection, compilation): one fewer than the machine's cores, at
 * most node's default of 4, so on a small machine the server's own thread and the database keep a
 * core while the collector works (docs/decisions/074-v8-helper-threads.md).
 */
export const V8_POOL_SIZE = Math.max(1, Math.min(4, os.availableParallelism() - 1));

/** How to run the compiled server with the current node, from the repository root. */
export const SERVER_NODE_ARGS = ['--enable-source-maps', `--v8-pool-size=${V8_POOL_SIZE}`, SERVER_BUILD_OUTPUT];

let aptUpdated = false;

/** The message shown when a system package is missing and cannot be installed here. */
export function missingPackageMessage({ binary, aptPackage, purpose }, detail = '') {
  const why = purpose ?? `'${binary}' is needed but was not found on PATH`;
  return `${why}: ${detail}install the Debian package '${aptPackage}' (sudo apt-get install ${aptPackage})`;
}

/**
 * Make sure a program from a Debian package is installed: find `binary` on PATH (or at knownPaths);
 * if missing and we are root with apt-get, install `aptPackage` (apt-get update once per process
 * first); otherwise throw a SetupError naming the package. `purpose` starts the message, e.g.
 * "Chromium is needed for the browser tests". Returns the path of the binary.
 */
export function ensureSystemPackage({ binary, aptPackage, knownPaths = [`/usr/bin/${binary}`], purpose }) {
  const found = findExecutable(binary, knownPaths);
  if (found) return found;
  const spec = { binary, aptPackage, purpose };
  const aptGet = findExecutable('apt-get');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !aptGet) throw new SetupError(missingPackageMessage(spec));

  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    log(`apt-get update (to install ${aptPackage})`);
    const u = runSync(aptGet, ['update'], { env });
    if (!u.ok) warn(`apt-get update failed (${u.detail}); trying the install anyway`);
    aptUpdated = true;
  }
  log(`installing ${binary}: apt-get install -y ${aptPackage}`);
  const r = runSync(aptGet, ['install', '-y', aptPackage], { env });
  const installed = findExecutable(binary, knownPaths);
  if (installed) return installed;
  throw new SetupError(
    missingPackageMessage(spec, `apt-get install ${aptPackage} failed${r.ok ? '' : ` (${r.detail})`}; `),
  );
}

/** The Debian packages the power-cut file system is built and mounted with (ADR 051). */
export const POWER_CUT_PACKAGES = ['fuse3', 'libfuse3-dev', 'pkg-config', 'gcc'];

const debianPackageInstalled = (pkg) =>
  spawnSync('dpkg-query', ['-W', '-f=${db:Status-Status}', pkg], { encoding: 'utf8' }).stdout === 'installed';

/**
 * Installs the power-cut rig's Debian packages when some are missing and we are root with apt-get.
 * Never throws: without them the power-cut tests skip and say why. Returns the packages still missing.
 */
export function ensurePowerCutPackages() {
  if (!findExecutable('dpkg-query')) return [];
  const missing = POWER_CUT_PACKAGES.filter((pkg) => !debianPackageInstalled(pkg));
  if (!missing.length) return [];
  const aptGet = findExecutable('apt-get');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!aptGet || !isRoot) {
    warn(`the power-cut tests will skip: install ${missing.join(' ')} (sudo apt-get install ${missing.join(' ')})`);
    return missing;
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    log(`apt-get update (to install ${missing.join(' ')})`);
    if (!runSync(aptGet, ['update'], { env }).ok) warn('apt-get update failed; trying the install anyway');
    aptUpdated = true;
  }
  log(`installing the power-cut rig's packages: apt-get install -y ${missing.join(' ')}`);
  runSync(aptGet, ['install', '-y', ...missing], { env });
  const still = missing.filter((pkg) => !debianPackageInstalled(pkg));
  if (still.length) warn(`could not install ${still.join(' ')}: the power-cut tests will skip`);
  return still;
}
