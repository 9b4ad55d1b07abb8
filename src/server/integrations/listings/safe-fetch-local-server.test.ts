import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_HEADERS, pinnedLookup, safeFetch, type SafeFetchOptions } from './safe-fetch.ts';
import { ALLOWED, expectCode } from './safe-fetch.test-helpers.ts';

describe('safeFetch against a local server (testOrigin)', () => {
  let server: http.Server;
  let origin: string;
  const hits: string[] = [];
  const seenHeaders: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const path = req.url ?? '/';
      hits.push(path);
      seenHeaders.push(req.headers);
      const html = (status: number, body: string) =>
        res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      const redirect = (location: string) => res.writeHead(302, { location }).end();
      switch (path) {
        case '/page':
          return html(200, '<html><body>Anúncio</body></html>');
        case '/json':
          return res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        case '/gzip':
          return res
            .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
            .end(zlib.gzipSync('<p>compressed</p>'));
        case '/brotli':
          return res
            .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' })
            .end(zlib.brotliCompressSync('<p>brotli</p>'));
        case '/gzip-bomb':
          return res
            .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
            .end(zlib.gzipSync(Buffer.alloc(20_000_000)));
        case '/photo.jpg':
          return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.from([0xff, 0xd8, 0xff]));
        case '/svg':
          return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg/>');
        case '/no-type':
          return res.writeHead(200).end('<p>?</p>');
        case '/blocked':
          return html(
            403,
            '<html><head><title>Access Denied</title></head><body>Zugriff verweigert <div id="sec-if-cpt-container"></div></body></html>',
          );
        case '/missing':
          return html(404, 'not here');
        case '/declared-big':
          return res.writeHead(200, { 'content-type': 'text/html', 'content-length': '50000000' }).end();
        case '/streamed-big': {
          res.writeHead(200, { 'content-type': 'text/html' });
          let sent = 0;
          const timer = setInterval(() => {
            if (res.destroyed || sent > 50_000_000) return clearInterval(timer);
            res.write(Buffer.alloc(64 * 1024, 0x61));
            sent += 64 * 1024;
          }, 1);
          res.on('close', () => clearInterval(timer));
          return;
        }
        case '/hang':
          return; // never answers
        case '/stall-body':
          res.writeHead(200, { 'content-type': 'text/html' });
          res.write('<html>');
          return; // never finishes
        case '/r1':
          return redirect('/r2');
        case '/r2':
          return redirect(`${origin}/page`);
        case '/loop':
          return redirect('/loop');
        case '/to-private':
          return redirect('https://intranet.mobile.de/admin');
        case '/to-metadata':
          return redirect('https://169.254.169.254/latest/meta-data/');
        case '/to-http':
          return redirect('http://www.mobile.de/');
        case '/to-evil':
          return redirect('https://evil.example/steal');
        case '/to-other-port':
          return redirect(origin.replace(/:\d+$/, ':1'));
        default:
          return html(404, 'unknown');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    hits.length = 0;
    seenHeaders.length = 0;
  });

  const resolve = vi.fn(async (_host: string) => ['10.1.2.3']);
  const opts = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
    allowedDomains: ALLOWED,
    accept: 'html',
    maxBytes: 100_000,
    timeoutMs: 3_000,
    testOrigin: origin,
    resolve,
    ...extra,
  });

  it('fetches an HTML page and JSON', async () => {
    const res = await safeFetch(`${origin}/page`, opts());
    expect(res).toMatchObject({ status: 200, finalUrl: `${origin}/page`, contentType: 'text/html' });
    expect(res.body.toString('utf8')).toBe('<html><body>Anúncio</body></html>');
    expect((await safeFetch(`${origin}/json`, opts())).contentType).toBe('application/json');
  });

  it('is off when testOrigin is not set, or set to another origin', async () => {
    await expectCode(safeFetch(`${origin}/page`, opts({ testOrigin: undefined })), 'scheme_not_allowed');
    await expectCode(safeFetch(`${origin}/page`, opts({ testOrigin: 'http://127.0.0.1:1' })), 'scheme_not_allowed');
    await expectCode(safeFetch(`${origin.replace('http:', 'https:')}/page`, opts()), 'port_not_allowed');
    expect(hits).toEqual([]);
  });

  it('sends browser headers, the Accept of the kind asked for, and never cookies or credentials', async () => {
    await safeFetch(
      `${origin}/page`,
      opts({ headers: { ...BROWSER_HEADERS, Cookie: 'session=secret', Authorization: 'Bearer x', 'X-Extra': '1' } }),
    );
    const h = seenHeaders[0]!;
    expect(h['user-agent']).toMatch(/^Mozilla\/5\.0 \(Windows NT 10\.0; Win64; x64\).*Chrome\/\d+/);
    expect(h['accept-language']).toBe('pt-PT,pt;q=0.9,en;q=0.8,de;q=0.7');
    expect(h.accept).toContain('text/html');
    expect(h['x-extra']).toBe('1');
    expect(h.cookie).toBeUndefined();
    expect(h.authorization).toBeUndefined();
    await safeFetch(`${origin}/photo.jpg`, opts({ accept: 'image', headers: BROWSER_HEADERS }));
    expect(seenHeaders[1]!.accept).toMatch(/^image\//);
  });

  it('decodes gzip and brotli bodies', async () => {
    expect((await safeFetch(`${origin}/gzip`, opts())).body.toString()).toBe('<p>compressed</p>');
    expect((await safeFetch(`${origin}/brotli`, opts())).body.toString()).toBe('<p>brotli</p>');
  });

  it('follows relative and absolute redirects within the test origin', async () => {
    const res = await safeFetch(`${origin}/r1`, opts());
    expect(res.finalUrl).toBe(`${origin}/page`);
    expect(hits).toEqual(['/r1', '/r2', '/page']);
  });

  it('re-checks every redirect target: private DNS answer, metadata IP, http, foreign host, other port', async () => {
    await expectCode(safeFetch(`${origin}/to-private`, opts()), 'private_address');
    expect(resolve).toHaveBeenCalledWith('intranet.mobile.de');
    await expectCode(safeFetch(`${origin}/to-metadata`, opts()), 'private_address');
    await expectCode(safeFetch(`${origin}/to-http`, opts()), 'scheme_not_allowed');
    await expectCode(safeFetch(`${origin}/to-evil`, opts()), 'host_not_allowed');
    await expectCode(safeFetch(`${origin}/to-other-port`, opts()), 'scheme_not_allowed');
  });

  it('stops a redirect loop', async () => {
    await expectCode(safeFetch(`${origin}/loop`, opts({ maxRedirects: 3 })), 'too_many_redirects');
    expect(hits).toEqual(['/loop', '/loop', '/loop', '/loop']);
    hits.length = 0;
    await expectCode(safeFetch(`${origin}/loop`, opts()), 'too_many_redirects');
    expect(hits).toHaveLength(6);
  });

  it('refuses bodies over maxBytes: declared, streamed, and decompressed (gzip bomb)', async () => {
    await expectCode(safeFetch(`${origin}/declared-big`, opts()), 'too_large');
    const started = Date.now();
    await expectCode(safeFetch(`${origin}/streamed-big`, opts({ maxBytes: 500_000 })), 'too_large');
    expect(Date.now() - started).toBeLessThan(2_000);
    await expectCode(safeFetch(`${origin}/gzip-bomb`, opts({ maxBytes: 1_000_000 })), 'too_large');
  });

  it('gives up at the deadline when the server never answers or stalls mid-body', async () => {
    let started = Date.now();
    await expectCode(safeFetch(`${origin}/hang`, opts({ timeoutMs: 200 })), 'timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
    started = Date.now();
    await expectCode(safeFetch(`${origin}/stall-body`, opts({ timeoutMs: 200 })), 'timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('refuses content types other than the kind asked for', async () => {
    await expectCode(safeFetch(`${origin}/photo.jpg`, opts()), 'unsupported_content_type');
    await expectCode(safeFetch(`${origin}/page`, opts({ accept: 'image' })), 'unsupported_content_type');
    await expectCode(safeFetch(`${origin}/svg`, opts({ accept: 'image' })), 'unsupported_content_type');
    await expectCode(safeFetch(`${origin}/no-type`, opts()), 'unsupported_content_type');
    const photo = await safeFetch(`${origin}/photo.jpg`, opts({ accept: 'image' }));
    expect(photo.contentType).toBe('image/jpeg');
  });

  it('answers http_error with the status and the body, so block pages can be recognised', async () => {
    const blocked = await expectCode(safeFetch(`${origin}/blocked`, opts()), 'http_error');
    expect(blocked.status).toBe(403);
    expect(blocked.body?.toString()).toContain('sec-if-cpt-container');
    const missing = await expectCode(safeFetch(`${origin}/missing`, opts({ accept: 'image' })), 'http_error');
    expect(missing.status).toBe(404);
    expect(missing.body?.toString()).toBe('not here');
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expectCode(safeFetch(`${origin}/hang`, opts({ signal: controller.signal })), 'network_error');
  });

  it('reports a refused connection as network_error', async () => {
    await expectCode(safeFetch('http://127.0.0.1:1/', opts({ testOrigin: 'http://127.0.0.1:1' })), 'network_error');
  });

  it('pins the connection to the checked address while keeping the original Host', async () => {
    const port = (server.address() as AddressInfo).port;
    const host = await new Promise<string | undefined>((resolve, reject) => {
      http
        .get(
          { hostname: 'photos.mobile.de', port, path: '/page', agent: false, lookup: pinnedLookup('127.0.0.1') },
          (res) => {
            res.resume();
            resolve(seenHeaders.at(-1)?.host);
          },
        )
        .on('error', reject);
    });
    expect(host).toBe(`photos.mobile.de:${port}`);
  });
});
