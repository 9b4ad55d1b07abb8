import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createPhotoFetcher } from '#server/integrations/listings/marketplace-fetch.ts';
import { COMPRESSED_BODY_REFUSED } from '#server/plugins/request-encoding.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

/**
 * No stream error kills the process (issue 31): corrupt images, archives and compressed bodies fed
 * to every pipeline outside backups and mail (photo and logo uploads through sharp, request bodies,
 * listing pages and photos read from a marketplace) answer a clear 4xx, and the server keeps
 * serving. A crash would show here as an unhandled error failing the run.
 */
describe('corrupt streams are answered, never fatal', () => {
  let t: TestApp;
  let cookie: string;
  let hostile: http.Server;
  let origin = '';
  let good: Buffer;

  beforeAll(async () => {
    good = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const gzipped = gzipSync(Buffer.from('<html><body>'.padEnd(200_000, 'x')));
    // A marketplace answering broken compressed bodies in every way we know.
    hostile = http.createServer((req, res) => {
      const kind = new URL(req.url ?? '/', 'http://x').pathname.split('/')[1];
      const type = req.url?.includes('photo') ? 'image/jpeg' : 'text/html';
      const head = { 'content-type': type, 'content-encoding': 'gzip' };
      if (kind === 'garbage') return void res.writeHead(200, head).end(Buffer.from('this is not gzip at all'));
      if (kind === 'truncated') return void res.writeHead(200, head).end(gzipped.subarray(0, gzipped.length / 2));
      if (kind === 'flipped') {
        const copy = Buffer.from(gzipped);
        copy[copy.length >> 1]! ^= 0xff;
        return void res.writeHead(200, head).end(copy);
      }
      if (kind === 'brotli') return void res.writeHead(200, { ...head, 'content-encoding': 'br' }).end('nope');
      if (kind === 'reset') {
        res.writeHead(200, head).write(gzipped.subarray(0, 100));
        return void setTimeout(() => res.socket?.destroy(), 20);
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(hostile.address() as { port: number }).port}`;
    t = await createTestApp({ listingFetchTestOrigin: origin });
    ({ cookie } = await t.loginAs('admin'));
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => hostile.close(() => resolve()));
  });

  const alive = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  };
  const upload = (url: string, body: Buffer, type: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': type, ...extra }, payload: body });

  async function corruptImages(): Promise<[string, Buffer, string][]> {
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    const badCrc = Buffer.from(png);
    badCrc[40]! ^= 0xff;
    // A PNG header claiming 100 000 × 100 000 pixels: a decompression bomb's first bytes.
    const bomb = Buffer.from(png);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    return [
      ['truncated JPEG', good.subarray(0, good.length / 3), 'image/jpeg'],
      ['JPEG header then noise', Buffer.concat([good.subarray(0, 20), Buffer.alloc(5000, 0x5a)]), 'image/jpeg'],
      ['PNG with a broken chunk', badCrc, 'image/png'],
      ['PNG claiming 10 gigapixels', bomb, 'image/png'],
      ['WebP header only', Buffer.from('RIFF\u0010\u0000\u0000\u0000WEBPVP8 '), 'image/webp'],
      ['a gzip archive sent as a photo', gzipSync(good), 'image/jpeg'],
      ['nothing at all', Buffer.alloc(0), 'image/png'],
    ];
  }

  it('photo and logo uploads refuse corrupt images with 400 and keep serving', async () => {
    for (const [label, body, type] of await corruptImages()) {
      for (const url of ['/api/proposals/photos', '/api/settings/logo']) {
        const res = await upload(url, body, type);
        expect(res.statusCode, `${label} to ${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${label} to ${url}: ${res.body}`).toBeLessThan(500);
        await alive();
      }
    }
    // And a good photo still goes through afterwards.
    expect((await upload('/api/proposals/photos', good, 'image/jpeg')).statusCode).toBe(201);
  });

  it('compressed request bodies are refused with 415, whatever they hold', async () => {
    const json = gzipSync(Buffer.from(JSON.stringify({ firstName: 'Ana' })));
    const cases: [string, string, Buffer, string][] = [
      ['/api/leads/manual', 'application/json', json, 'gzip'],
      ['/api/leads/manual', 'application/json', json.subarray(0, 10), 'gzip'],
      ['/api/leads/manual', 'application/json', Buffer.from('not gzip'), 'gzip'],
      ['/api/proposals/photos', 'image/jpeg', gzipSync(good), 'gzip'],
      ['/api/proposals/photos', 'image/jpeg', Buffer.from('garbage'), 'deflate'],
      ['/api/settings/logo', 'image/png', Buffer.from('garbage'), 'br'],
    ];
    for (const [url, type, body, encoding] of cases) {
      const res = await upload(url, body, type, { 'content-encoding': encoding });
      expect(res.statusCode, `${encoding} to ${url}: ${res.body}`).toBe(415);
      expect(res.json().message).toBe(COMPRESSED_BODY_REFUSED);
      await alive();
    }
  });

  it('a marketplace answering corrupt compressed pages or photos gets a clear answer, and the server serves on', async () => {
    const photos = createPhotoFetcher({ testOrigin: origin });
    for (const kind of ['garbage', 'truncated', 'flipped', 'brotli', 'reset']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/scrape-vehicle-data',
        headers: { cookie },
        payload: { url: `${origin}/${kind}/listing` },
      });
      // The marketplace's fault: 502 with the message the proposal dialog shows, never a 500.
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(502);
      expect(res.json().message).toBe('The marketplace could not be reached. Try again, or paste the page source.');
      await alive();
      await expect(photos.fetchPhoto(`${origin}/${kind}/photo.jpg`)).rejects.toThrow();
      await alive();
    }
  });
});
