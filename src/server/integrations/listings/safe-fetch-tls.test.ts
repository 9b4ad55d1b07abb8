import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedLookup, safeFetch } from './safe-fetch.ts';
import { ALLOWED, expectCode } from './safe-fetch.test-helpers.ts';

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
