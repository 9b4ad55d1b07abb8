import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('GET /api/public-url', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://carros.example.pt/' });
  });
  afterAll(() => t.close());

  it('answers PUBLIC_URL to staff, whatever address the request came to', async () => {
    const { cookie } = await t.loginAs('user');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/public-url',
      headers: { cookie, host: '127.0.0.1:9999' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicUrl: 'https://carros.example.pt' });
  });

  it('is for staff only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/public-url' })).statusCode).toBe(401);
  });
});
