import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BROWSER_HEADERS,
  pinnedLookup,
  safeFetch,
  SafeFetchError,
  type SafeFetchErrorCode,
  type SafeFetchOptions,
} from './safe-fetch.ts';

const ALLOWED = ['mobile.de', 'autoscout24.de', 'standvirtual.com'];

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(SafeFetchError);
    return err as SafeFetchError;
  }
  throw new Error('expected safeFetch to fail');
}

async function expectCode(promise: Promise<unknown>, code: SafeFetchErrorCode) {
  const err = await failure(promise);
  expect(err.code, err.message).toBe(code);
  return err;
}

describe('safeFetch: URL, host and address checks (no connection made)', () => {
  // Resolves every name to a private address, so a check that let the URL through fails loudly.
  const resolve = vi.fn(async (_host: string) => ['10.0.0.5']);
  const opts = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
    allowedDomains: ALLOWED,
    accept: 'html',
    maxBytes: 1_000_000,
    timeoutMs: 2_000,
    resolve,
    ...extra,
  });
  beforeEach(() => resolve.mockClear());

  it.each([
    ['not a url', 'invalid_url'],
    ['//www.mobile.de/', 'invalid_url'],
    ['http://www.mobile.de/fahrzeuge/details.html?id=1', 'scheme_not_allowed'],
    ['ftp://www.mobile.de/', 'scheme_not_allowed'],
    ['file:///etc/passwd', 'scheme_not_allowed'],
    ['data:text/html,hello', 'scheme_not_allowed'],
    ['https://user:pass@www.mobile.de/', 'credentials_in_url'],
    ['https://mobile.de@evil.example/', 'credentials_in_url'],
    ['https://www.mobile.de:8443/', 'port_not_allowed'],
    ['https://www.mobile.de:80/', 'port_not_allowed'],
    ['https://mobile.de.evil.example/', 'host_not_allowed'],
    ['https://evilmobile.de/', 'host_not_allowed'],
    ['https://evil.example#mobile.de', 'host_not_allowed'],
    ['https://evil.example/?next=https://www.mobile.de/', 'host_not_allowed'],
    ['https://evil.example\\.mobile.de', 'host_not_allowed'],
    ['https://mobile.de-evil.example/', 'host_not_allowed'],
    ['https://xn--mobile-8ya.de/', 'host_not_allowed'],
    ['https://127.0.0.1/', 'private_address'],
    ['https://127.1/', 'private_address'],
    ['https://0x7f.1/', 'private_address'],
    ['https://2130706433/', 'private_address'],
    ['https://0177.0.0.1/', 'private_address'],
    ['https://0x7f000001/', 'private_address'],
    ['https://169.254.169.254/latest/meta-data/', 'private_address'],
    ['https://[::1]/', 'private_address'],
    ['https://[::ffff:127.0.0.1]/', 'private_address'],
    ['https://[::ffff:a9fe:a9fe]/', 'private_address'],
    ['https://[fd00::1]/', 'private_address'],
    ['https://8.8.8.8/', 'host_not_allowed'],
    ['https://[2a00:1450::1]/', 'host_not_allowed'],
  ] as const)('%s → %s, before any DNS lookup', async (url, code) => {
    await expectCode(safeFetch(url, opts()), code);
    expect(resolve).not.toHaveBeenCalled();
  });

  it('accepts allowlisted hosts by exact or dot-suffix match, case and trailing dot ignored, then refuses private DNS answers', async () => {
    for (const url of [
      'https://www.mobile.de/x',
      'https://MOBILE.DE./',
      'https://suchen.mobile.de:443/a?b=c',
      'https://www.autoscout24.de/angebote/x',
    ]) {
      await expectCode(safeFetch(url, opts()), 'private_address');
    }
    expect(resolve.mock.calls.map((c) => c[0])).toEqual([
      'www.mobile.de',
      'mobile.de',
      'suchen.mobile.de',
      'www.autoscout24.de',
    ]);
  });

  it('matches internationalised allowlist entries through IDNA, never by substring', async () => {
    await expectCode(safeFetch('https://www.bücher.de/', opts({ allowedDomains: ['BÜCHER.de.'] })), 'private_address');
    await expectCode(
      safeFetch('https://xn--bcher-kva.de.evil.example/', opts({ allowedDomains: ['bücher.de'] })),
      'host_not_allowed',
    );
    await expectCode(
      safeFetch('https://www.mobile.de/', opts({ allowedDomains: ['', '.', 'de.'] })),
      'private_address',
    );
    await expectCode(safeFetch('https://www.mobile.de/', opts({ allowedDomains: [] })), 'host_not_allowed');
  });

  it.each([
    [['127.0.0.1']],
    [['::1']],
    [['169.254.169.254']],
    [['192.168.0.10']],
    [['::ffff:10.0.0.1']],
    [['fe80::1%eth0']],
    [['93.184.215.14', '10.0.0.1']],
    [['2a00:1450::1', 'fc00::1']],
    [['0.0.0.0']],
  ])('refuses a host resolving to %j (any non-public answer)', async (addresses) => {
    await expectCode(safeFetch('https://www.mobile.de/', opts({ resolve: async () => addresses })), 'private_address');
  });

  it('reports DNS failures', async () => {
    await expectCode(safeFetch('https://www.mobile.de/', opts({ resolve: async () => [] })), 'dns_failed');
    await expectCode(
      safeFetch('https://www.mobile.de/', opts({ resolve: async () => Promise.reject(new Error('ENOTFOUND')) })),
      'dns_failed',
    );
  });

  it('bounds a DNS lookup that never answers by the deadline', async () => {
    await expectCode(
      safeFetch('https://www.mobile.de/', opts({ timeoutMs: 100, resolve: () => new Promise<string[]>(() => {}) })),
      'timeout',
    );
  });
});

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

// TLS: a self-signed certificate made at test time (skipped where openssl is missing).
const opensslAvailable = spawnSync('openssl', ['version']).status === 0;

describe.skipIf(!opensslAvailable)('safeFetch over TLS (self-signed certificate)', () => {
  let dir: string;
  let server: https.Server;
  let port: number;
  let cert: Buffer;
  const seen: Array<{ host?: string; sni?: string | false | null }> = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'safe-fetch-tls-'));
    const key = path.join(dir, 'key.pem');
    const crt = path.join(dir, 'cert.pem');
    const made = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      crt,
      '-days',
      '1',
      '-subj',
      '/CN=photos.mobile.de',
      '-addext',
      'subjectAltName=DNS:photos.mobile.de,IP:127.0.0.1',
    ]);
    expect(made.status, made.stderr.toString()).toBe(0);
    cert = readFileSync(crt);
    server = https.createServer({ key: readFileSync(key), cert }, (req, res) => {
      seen.push({ host: req.headers.host, sni: (req.socket as TLSSocket).servername });
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>tls</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('connects to the pinned address while TLS verifies the certificate and SNI for the original hostname', async () => {
    const get = (hostname: string) =>
      new Promise<number>((resolve, reject) => {
        https
          .get(
            {
              hostname,
              port,
              path: '/',
              agent: false,
              ca: cert,
              servername: hostname,
              lookup: pinnedLookup('127.0.0.1'),
            },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          )
          .on('error', reject);
      });
    expect(await get('photos.mobile.de')).toBe(200);
    expect(seen.at(-1)).toEqual({ host: `photos.mobile.de:${port}`, sni: 'photos.mobile.de' });
    // Same pinned address, another name: the certificate does not match, so the connection fails.
    await expect(get('www.mobile.de')).rejects.toMatchObject({ code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
  });

  it('refuses an untrusted certificate as network_error', async () => {
    const origin = `https://127.0.0.1:${port}`;
    await expectCode(
      safeFetch(`${origin}/`, {
        allowedDomains: ALLOWED,
        accept: 'html',
        maxBytes: 10_000,
        timeoutMs: 3_000,
        testOrigin: origin,
      }),
      'network_error',
    );
  });
});
