// The compiled server (ADR 011), as `npm start` runs it: built by scripts/build-server.mjs into a
// folder of its own under dist/, started with plain node (no tsx) on an empty DATA_DIR, so the
// embedded PostgreSQL's first start (ADR 048), the migrations found from dist/, the first admin, a
// server-rendered page (its lazily loaded chunk) and a signed-in API call all have to work.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error TS7016: no declaration file for a plain .mjs module
import * as untypedBuild from '#scripts/build-server.mjs';
import { REPO_ROOT } from '#server/lib/paths.ts';

const { buildServer } = untypedBuild as { buildServer(opts: { outDir: string }): Promise<string> };

const INDEX_HTML = `<!doctype html>
<html lang="pt-PT">
  <head><meta charset="UTF-8" /><title>AutoImport</title></head>
  <body><div id="root"></div></body>
</html>`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('the compiled server bundle', () => {
  const outDir = path.join(REPO_ROOT, 'dist', `server-test-${process.pid}`);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'compiled-server-test-'));
  // Under root the database runs as its own user, which must be able to enter this directory.
  chmodSync(tmp, 0o755);
  const dataDir = path.join(tmp, 'data');
  const webRoot = path.join(tmp, 'web');
  let child: ChildProcess;
  let output = '';
  let base = '';

  beforeAll(async () => {
    await buildServer({ outDir });
    mkdirSync(webRoot, { recursive: true });
    writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: webRoot,
      ADMIN_USERNAME: 'compiled',
      ADMIN_PASSWORD: 'Compiled1234',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    };
    for (const key of ['DATABASE_URL', 'NODE_OPTIONS', 'TEST_DATABASE_URL']) delete env[key];
    // Plain node, no loader: a .ts file reached at run time would fail here.
    child = spawn(process.execPath, ['--enable-source-maps', path.join(outDir, 'main.js')], {
      cwd: tmp,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    const deadline = Date.now() + 45_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the compiled server exited (${child.exitCode}):\n${output}`);
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`the compiled server did not answer within 45 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(outDir, { recursive: true, force: true });
    rmSync(tmp, { recursive: true, force: true });
  }, 20_000);

  it('runs from dist/ with plain node', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('x-request-id')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('loads PGlite on no path but the one-time import, which reaches it through import() (ADR 048)', () => {
    // Every file of the bundle the server can load, static and dynamic imports followed, except
    // the chunk of the PGlite import itself.
    const imports = (file: string) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /(?:^|\n)\s*(?:import|export)\s[^;]*?"(\.{1,2}\/[^"]+)"|import\("(\.{1,2}\/[^"]+)"\)/g,
        ),
      ].map((m) => path.resolve(path.dirname(file), (m[1] ?? m[2])!));
    const isImportChunk = (file: string) => path.basename(file).startsWith('pglite-export-');
    const seen = new Set<string>();
    const importChunks = new Set<string>();
    const queue = [path.join(outDir, 'main.js')];
    while (queue.length) {
      const file = queue.pop()!;
      if (isImportChunk(file)) importChunks.add(file);
      if (seen.has(file) || isImportChunk(file)) continue;
      seen.add(file);
      queue.push(...imports(file));
    }
    expect(seen.size).toBeGreaterThan(2);
    expect([...seen].filter((f) => readFileSync(f, 'utf8').includes('@electric-sql/'))).toEqual([]);
    expect(importChunks.size).toBe(1);
    expect(readFileSync([...importChunks][0]!, 'utf8')).toContain('@electric-sql/pglite');
  });

  it('renders a public page on the server', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<html lang="pt');
    expect(html).not.toContain('<div id="root"></div>'); // the page was rendered into it
  });

  it('signs in the first admin and answers GET /api/auth/user', async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'compiled', password: 'Compiled1234' }),
    });
    expect(login.status).toBe(200);
    const sid = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('sid='));
    expect(sid).toBeDefined();
    const res = await fetch(`${base}/api/auth/user`, { headers: { cookie: sid! } });
    expect(res.status).toBe(200);
    const user = (await res.json()) as Record<string, unknown>;
    expect(user).toMatchObject({ username: 'compiled', role: 'admin' });
    expect(user.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(user).not.toHaveProperty('passwordHash');
  });
});
