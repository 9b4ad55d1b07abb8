import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc.js"></script></head><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("app");';

describe('serving the built web app', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'spa-test-'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'assets', 'app-abc.js'), APP_JS);
    writeFileSync(path.join(webRoot, 'assets', 'app-abc.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    writeFileSync(path.join(webRoot, 'assets', 'style-abc.css.map'), '{"version":3}');
    t = await createTestApp({ webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('answers client-side routes with index.html, revalidated on every load', async () => {
    for (const url of ['/admin', '/admin/leads', '/admin/leads/42?tab=timeline', '/anything/unknown']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it('renders the public pages on the server from index.html (public-site module), revalidated on every load', async () => {
    for (const url of ['/', '/?utm_source=google', '/faq', '/proposta/abc-123']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(url.startsWith('/proposta') ? 404 : 200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe(url.startsWith('/proposta') ? 'private, no-store' : 'no-cache');
      expect(res.body, url).toContain('<script type="module" src="/assets/app-abc.js"></script>');
      expect(res.body, url).toMatch(/<div id="root"><[a-z]/);
    }
  });

  it('never serves source maps, whatever the spelling', async () => {
    for (const url of [
      '/assets/app-abc.js.map',
      '/assets/style-abc.css.map',
      '/assets/APP-abc.js.MAP',
      '/assets/app-abc.js.map?x=1',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('sources');
    }
    expect((await get('/assets/app-abc.js')).body).toBe(APP_JS);
  });

  it('answers the site root (a directory) with a page, for HEAD too', async () => {
    // Regression: with `index: false`, @fastify/static answered GET / with 403 Forbidden.
    const dir = await get('/assets/');
    expect(dir.statusCode).toBe(200);
    expect(dir.body).toBe(INDEX_HTML);
    expect(dir.headers['cache-control']).toBe('no-cache');
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers a missing file (a path with an extension) with 404, not index.html', async () => {
    for (const url of ['/assets/app-old.js', '/favicon.ico', '/admin/logo.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: 'NOT_FOUND', message: `Not found: GET ${url}` });
    }
  });

  it('serves hashed assets as immutable and other files as no-cache', async () => {
    const js = await get('/assets/app-abc.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.body).toBe(APP_JS);

    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown /api paths and non-GET requests with 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['GET', '/api'],
      ['POST', '/api/unknown'],
      ['POST', '/unknown'],
      ['PUT', '/admin/leads'],
      ['DELETE', '/anything'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
      expect(res.json(), `${method} ${url}`).toEqual({ code: 'NOT_FOUND', message: `Not found: ${method} ${url}` });
    }
  });

  it('never serves files from outside the web root', async () => {
    for (const url of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fpackage.json']) {
      const res = await get(url);
      expect(res.body, url).not.toContain('"dependencies"');
      expect(res.body, url).not.toContain('root:');
    }
  });

  it('puts a request id and the security headers on every answer', async () => {
    const pages = [await get('/admin'), await get('/assets/app-abc.js')];
    const api = [await get('/api/unknown'), await get('/api/health')];
    const answers = [...pages, ...api];
    const ids = new Set<string>();
    for (const res of answers) {
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(String(res.headers['x-request-id']));
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    for (const res of pages) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain('connect-src');
    }
    // JSON answers are never documents: nothing may load from them, and nothing caches them.
    for (const res of api) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(ids.size).toBe(answers.length); // one id per request
    // No HSTS: the app may run on plain http on a LAN.
    expect(answers[0]!.headers['strict-transport-security']).toBeUndefined();
  });

  it("echoes the caller's x-request-id so a proxy can correlate logs", async () => {
    const res = await get('/api/health', { 'x-request-id': 'trace-123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('trace-123');
  });
});

describe('before the web app is built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(); // web root that does not exist
  });
  afterAll(() => t.close());

  it('answers page requests with 503 and how to build, while the API still works', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/admin' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toMatch(/npm run build/);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ ok: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(404);
  });
});
