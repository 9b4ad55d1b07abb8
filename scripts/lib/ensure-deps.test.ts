import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// ensure-deps.mjs is plain JavaScript (it runs before `npm ci`) and the project has no allowJs,
// so the part used here is typed below.
// @ts-expect-error TS7016: no declaration file for a plain .mjs module
import * as untyped from './ensure-deps.mjs';

interface EnsureDeps {
  nodeModulesStaleReason(root: string): string | null;
  webBuildStaleReason(root: string): string | null;
  serverBuildStaleReason(root: string): string | null;
  SERVER_NODE_ARGS: string[];
  newestMtime(paths: string[]): { time: number; file: string | null };
  ensureSystemPackage(spec: { binary: string; aptPackage: string; knownPaths?: string[]; purpose?: string }): string;
  missingPackageMessage(spec: { binary: string; aptPackage: string; purpose?: string }, detail?: string): string;
  npmCiHint(stderr: string): string;
}
const {
  nodeModulesStaleReason,
  webBuildStaleReason,
  serverBuildStaleReason,
  SERVER_NODE_ARGS,
  newestMtime,
  ensureSystemPackage,
  missingPackageMessage,
  npmCiHint,
} = untyped as EnsureDeps;

let root: string;
let clock: number;

/** Write a file with an explicit, increasing modification time (no sleeping, no flaky ties). */
function write(rel: string, content = 'x', at?: number) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  touch(rel, at);
}
function touch(rel: string, at?: number) {
  clock += 10;
  const t = new Date(at ?? clock);
  fs.utimesSync(path.join(root, rel), t, t);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ensure-deps-'));
  clock = Date.UTC(2026, 0, 1);
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('nodeModulesStaleReason', () => {
  it('asks for npm ci when node_modules or its hidden lock file is missing', () => {
    write('package-lock.json', '{}');
    expect(nodeModulesStaleReason(root)).toBe('node_modules is missing');
    fs.mkdirSync(path.join(root, 'node_modules'));
    expect(nodeModulesStaleReason(root)).toBe('node_modules/.package-lock.json is missing');
  });

  it('asks for npm ci only when package-lock.json is newer than the install', () => {
    write('package-lock.json', '{}');
    write('node_modules/.package-lock.json', '{}');
    expect(nodeModulesStaleReason(root)).toBeNull();
    touch('package-lock.json');
    expect(nodeModulesStaleReason(root)).toBe('package-lock.json is newer than node_modules');
  });
});

describe('webBuildStaleReason', () => {
  beforeEach(() => {
    write('src/web/main.tsx');
    write('src/web/app/routes.tsx');
    write('src/shared/isv.ts');
    write('vite.config.ts');
    write('package-lock.json');
    // Directories count too (a deleted file changes its directory), so date them before the build.
    for (const dir of ['src/web/app', 'src/web', 'src/shared']) touch(dir);
  });

  it('builds when dist/web/index.html is missing', () => {
    expect(webBuildStaleReason(root)).toBe('dist/web/index.html is missing');
  });

  it('does nothing when the build is newer than every input', () => {
    write('dist/web/index.html');
    expect(webBuildStaleReason(root)).toBeNull();
  });

  it.each(['src/web/app/routes.tsx', 'src/shared/isv.ts', 'vite.config.ts', 'package-lock.json'])(
    'rebuilds when %s changed',
    (input) => {
      write('dist/web/index.html');
      touch(input);
      expect(webBuildStaleReason(root)).toBe(`${input} changed`);
    },
  );

  it('rebuilds when a source file was deleted (its directory changed)', () => {
    write('dist/web/index.html');
    fs.rmSync(path.join(root, 'src/web/app/routes.tsx'));
    touch('src/web/app');
    expect(webBuildStaleReason(root)).toBe('src/web/app changed');
  });

  it('ignores files that are not inputs', () => {
    write('dist/web/index.html');
    write('src/server/main.ts');
    write('README.md');
    expect(webBuildStaleReason(root)).toBeNull();
  });
});

describe('serverBuildStaleReason', () => {
  beforeEach(() => {
    write('src/server/main.ts');
    write('src/server/db/client.ts');
    write('src/shared/isv.ts');
    write('src/web/app/routes/public/landing.tsx');
    write('package.json');
    write('package-lock.json');
    write('tsconfig.json');
    write('scripts/build-server.mjs');
    for (const dir of [
      'src/server/db',
      'src/server',
      'src/shared',
      'src/web/app/routes/public',
      'src/web/app/routes',
      'src/web/app',
      'src/web',
    ])
      touch(dir);
  });

  it('builds when dist/server/main.js is missing', () => {
    expect(serverBuildStaleReason(root)).toBe('dist/server/main.js is missing');
  });

  it('does nothing when the bundle is newer than every input', () => {
    write('dist/server/main.js');
    expect(serverBuildStaleReason(root)).toBeNull();
  });

  it.each([
    'src/server/db/client.ts',
    'src/shared/isv.ts',
    // Server-rendered public pages are bundled from the web app's modules.
    'src/web/app/routes/public/landing.tsx',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'scripts/build-server.mjs',
  ])('rebuilds when %s changed', (input) => {
    write('dist/server/main.js');
    touch(input);
    expect(serverBuildStaleReason(root)).toBe(`${input} changed`);
  });

  it('rebuilds when a server file was deleted (its directory changed)', () => {
    write('dist/server/main.js');
    fs.rmSync(path.join(root, 'src/server/db/client.ts'));
    touch('src/server/db');
    expect(serverBuildStaleReason(root)).toBe('src/server/db changed');
  });

  it('ignores files that are not inputs', () => {
    write('dist/server/main.js');
    write('README.md');
    write('e2e/login.spec.ts');
    write('dist/web/index.html');
    expect(serverBuildStaleReason(root)).toBeNull();
  });

  it('runs the bundle with plain node', () => {
    expect(SERVER_NODE_ARGS.at(-1)).toBe('dist/server/main.js');
    expect(SERVER_NODE_ARGS.join(' ')).not.toContain('tsx');
  });

  it('leaves a core to the server and its database while V8 collects garbage (ADR 074)', () => {
    const helpers = Number(
      /^--v8-pool-size=(\d+)$/.exec(SERVER_NODE_ARGS.find((a) => a.startsWith('--v8-pool-size=')) ?? '')?.[1],
    );
    expect(helpers).toBe(Math.max(1, Math.min(4, os.availableParallelism() - 1)));
    expect(helpers).toBeGreaterThanOrEqual(1);
  });
});

describe('newestMtime', () => {
  it('finds the newest file and tolerates missing paths', () => {
    write('a/one.ts');
    write('a/b/two.ts');
    write('a/b/three.ts');
    // Creating files dates their directories "now": date those before the newest file.
    touch('a');
    touch('a/b');
    touch('a/b/three.ts');
    expect(newestMtime([path.join(root, 'a'), path.join(root, 'missing')]).file).toBe(path.join(root, 'a/b/three.ts'));
    expect(newestMtime([path.join(root, 'missing')]).file).toBeNull();
  });
});

describe('ensureSystemPackage', () => {
  it('returns the path of a binary that is already installed, without installing anything', () => {
    expect(ensureSystemPackage({ binary: 'sh', aptPackage: 'dash' })).toMatch(/\/sh$/);
  });

  it('finds a binary at a known path even if it is not on PATH', () => {
    write('opt/chromium/chrome', '#!/bin/sh\n');
    fs.chmodSync(path.join(root, 'opt/chromium/chrome'), 0o755);
    const known = path.join(root, 'opt/chromium/chrome');
    expect(
      ensureSystemPackage({ binary: 'no-such-binary-for-this-test', aptPackage: 'chromium', knownPaths: [known] }),
    ).toBe(known);
  });

  it('names the Debian package to install when it cannot install it', () => {
    expect(
      missingPackageMessage({
        binary: 'chromium',
        aptPackage: 'chromium',
        purpose: 'Chromium is needed for the browser tests',
      }),
    ).toBe(
      "Chromium is needed for the browser tests: install the Debian package 'chromium' (sudo apt-get install chromium)",
    );
    expect(
      missingPackageMessage(
        { binary: 'doveadm', aptPackage: 'dovecot-imapd' },
        'apt-get install dovecot-imapd failed; ',
      ),
    ).toBe(
      "'doveadm' is needed but was not found on PATH: apt-get install dovecot-imapd failed; install the Debian package 'dovecot-imapd' (sudo apt-get install dovecot-imapd)",
    );
  });
});

describe('npmCiHint', () => {
  it('explains npm ci rejecting a lock file without entries for optional platform packages', () => {
    const stderr = [
      'npm error code EUSAGE',
      'npm error `npm ci` can only install packages when your package.json and package-lock.json or npm-shrinkwrap.json are in sync. Please update your lock file with `npm install` before continuing.',
      'npm error',
      'npm error Missing: @tailwindcss/oxide-android-arm64@ from lock file',
      'npm error Missing: @tailwindcss/oxide-darwin-arm64@ from lock file',
      'npm error Missing: fsevents@2.3.3 from lock file',
    ].join('\n');
    const hint = npmCiHint(stderr);
    expect(hint).toContain('no entry for @tailwindcss/oxide-android-arm64, @tailwindcss/oxide-darwin-arm64, fsevents.');
    expect(hint).toContain('npm/cli#9846');
  });

  it('says nothing for other failures', () => {
    expect(npmCiHint('npm error code ETIMEDOUT\nnpm error network request failed')).toBe('');
  });
});
