import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafePhotoFetcher } from '#server/integrations/listings/marketplace-fetch.ts';
import { AppError } from '#server/lib/app-error.ts';
import { downloadPhotos, normalisePhoto, PHOTO_LIMITS } from './photo-import.ts';

const solid = (width: number, height: number, channels: 3 | 4 = 3, alpha = 1) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 30, b: 40, alpha } } });

/** Random pixels: compresses badly, so truncating the file really cuts image data. */
const noiseJpeg = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();

describe('normalisePhoto', () => {
  it('fits a large JPEG within 1920 px and stores JPEG', async () => {
    const photo = await normalisePhoto(await solid(4000, 3000).jpeg().toBuffer(), 'https://img.classistatic.de/x.jpg');
    expect(photo).toMatchObject({
      contentType: 'image/jpeg',
      width: 1920,
      height: 1440,
      sourceUrl: 'https://img.classistatic.de/x.jpg',
    });
    const meta = await sharp(photo.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1920, height: 1440 });
  });

  it('fits portrait photos by their long edge', async () => {
    const photo = await normalisePhoto(await solid(1000, 3000).png().toBuffer(), null);
    expect([photo.width, photo.height]).toEqual([640, 1920]);
  });

  it('does not enlarge a small image', async () => {
    const photo = await normalisePhoto(await solid(320, 200).png().toBuffer(), null);
    expect(photo).toMatchObject({ contentType: 'image/jpeg', width: 320, height: 200, sourceUrl: null });
  });

  it('keeps transparency as WebP, but an opaque alpha channel becomes JPEG', async () => {
    const clear = await normalisePhoto(await solid(2400, 1200, 4, 0.5).png().toBuffer(), null);
    expect(clear).toMatchObject({ contentType: 'image/webp', width: 1920, height: 960 });
    const meta = await sharp(clear.data).metadata();
    expect(meta).toMatchObject({ format: 'webp', hasAlpha: true });
    const opaque = await normalisePhoto(await solid(200, 100, 4, 1).png().toBuffer(), null);
    expect(opaque.contentType).toBe('image/jpeg');
  });

  it('applies the EXIF orientation and strips all metadata', async () => {
    const input = await solid(400, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'Dealer GmbH', Artist: 'Someone' } })
      .toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const photo = await normalisePhoto(input, null);
    expect([photo.width, photo.height]).toEqual([200, 400]);
    const meta = await sharp(photo.data).metadata();
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it.each([
    ['webp', () => solid(100, 80).webp().toBuffer()],
    ['gif', () => solid(100, 80).gif().toBuffer()],
    ['avif', () => solid(100, 80).avif().toBuffer()],
  ])('accepts %s by content', async (_format, make) => {
    const photo = await normalisePhoto(await make(), null);
    expect(photo).toMatchObject({ contentType: 'image/jpeg', width: 100, height: 80 });
  });

  it.each([
    ['a text file', async () => Buffer.from('hello, this is not an image\n')],
    ['an empty file', async () => Buffer.alloc(0)],
    [
      'an SVG',
      async () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
    ],
    ['a TIFF', () => solid(50, 50).tiff().toBuffer()],
    ['a truncated JPEG', async () => (await noiseJpeg(400, 300)).subarray(0, 4000)],
    ['an HTML page claiming to be a JPEG', async () => Buffer.from('\xff\xd8\xff<html>blocked</html>', 'latin1')],
  ])('refuses %s', async (_what, make) => {
    const err = await normalisePhoto(await make(), null).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'VALIDATION', message: 'Unsupported image' });
  });

  it('is deterministic: same input, same bytes and sha256', async () => {
    const input = await noiseJpeg(640, 480);
    const a = await normalisePhoto(input, null);
    const b = await normalisePhoto(input, null);
    expect(a.sha256).toMatch(/^[a-f0-9]{64}$/);
    expect(a.sha256).toBe(createHash('sha256').update(a.data).digest('hex'));
    expect(b.sha256).toBe(a.sha256);
  });
});

describe('downloadPhotos (local server, testOrigin)', () => {
  let server: http.Server;
  let origin: string;
  let inFlight = 0;
  let maxInFlight = 0;
  let jpeg: Buffer;

  beforeAll(async () => {
    jpeg = await solid(2500, 1000).jpeg().toBuffer();
    server = http.createServer((req, res) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      res.on('close', () => (inFlight -= 1));
      const url = new URL(req.url ?? '/', 'http://x');
      const delay = Number(url.searchParams.get('delay') ?? 0);
      setTimeout(() => {
        if (url.pathname === '/photo.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
        if (url.pathname === '/huge.jpg')
          return res
            .writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(PHOTO_LIMITS.maxBytes + 1) })
            .end();
        if (url.pathname === '/not-image.jpg')
          return res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>Access denied</html>');
        res.writeHead(404, { 'content-type': 'text/html' }).end('not found');
      }, delay);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const fetcher = () =>
    createSafePhotoFetcher({
      allowedDomains: ['classistatic.de'],
      timeoutMs: 5_000,
      testOrigin: origin,
      resolve: async () => ['10.0.0.1'],
    });

  it('keeps the order, and fails the bad ones individually', async () => {
    const urls = [
      `${origin}/photo.jpg?delay=80&n=1`,
      `${origin}/missing.jpg`,
      `${origin}/photo.jpg?delay=10&n=2`,
      `${origin}/huge.jpg`,
      `${origin}/not-image.jpg`,
      'https://img.classistatic.de/api/v1/mo-prod/images/ab/abc?rule=mo-1600.jpg',
      'https://evil.example/photo.jpg',
      `${origin}/photo.jpg?n=3`,
    ];
    const results = await downloadPhotos(urls, fetcher());
    expect(results.map((r) => r.url)).toEqual(urls);
    expect(results.map((r) => r.error ?? 'ok')).toEqual([
      'ok',
      'The photo server answered HTTP 404',
      'ok',
      'Photo larger than 15 MB',
      'Unsupported image',
      'Photo address not allowed',
      'Photo address not allowed',
      'ok',
    ]);
    for (const i of [0, 2, 7])
      expect(results[i]!.photo).toMatchObject({
        contentType: 'image/jpeg',
        width: 1920,
        height: 768,
        sourceUrl: urls[i],
      });
  });

  it('downloads at most `concurrency` at a time (4 by default)', async () => {
    maxInFlight = 0;
    const urls = Array.from({ length: 10 }, (_, i) => `${origin}/photo.jpg?delay=30&i=${i}`);
    const results = await downloadPhotos(urls, fetcher());
    expect(results.every((r) => r.photo)).toBe(true);
    expect(maxInFlight).toBeLessThanOrEqual(4);
    maxInFlight = 0;
    await downloadPhotos(urls.slice(0, 4), fetcher(), { concurrency: 1 });
    expect(maxInFlight).toBe(1);
  });

  it('refuses more than 60 photos, and does nothing for none', async () => {
    const urls = Array.from({ length: 61 }, (_, i) => `${origin}/photo.jpg?i=${i}`);
    await expect(downloadPhotos(urls, fetcher())).rejects.toMatchObject({
      code: 'VALIDATION',
      message: 'At most 60 photos',
    });
    expect(await downloadPhotos([], fetcher())).toEqual([]);
  });
});
