import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { insertStoredMedia } from './media.repository.ts';

describe('GET /media/:key', () => {
  let t: TestApp;
  let url: string;
  let sha256: string;
  // Every byte value, so a driver that mangles bytea is caught on the way out too.
  const data = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

  beforeAll(async () => {
    t = await createTestApp();
    sha256 = createHash('sha256').update(data).digest('hex');
    ({ url } = await insertStoredMedia(
      t.database.db,
      { data, contentType: 'image/webp', width: 10, height: 10, sha256, sourceUrl: null },
      null,
    ));
  });
  afterAll(() => t.close());

  it('serves the stored bytes, cacheable forever, as an image that can never run script', async () => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      etag: `"${sha256}"`,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  });

  it('answers 304 without a body when the browser has this version', async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': `"${sha256}"` } });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    const stale = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('answers 404 for an unknown key and 400 for a malformed one, with the error body', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/media/0123456789abcdef0123456789abcdef' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    expect(missing.headers['cache-control']).toBeUndefined();
    const malformed = await t.app.inject({ method: 'GET', url: '/media/not-a-key' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION' });
  });
});
