import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_DEEP_MESSAGE } from '#shared/text.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// Found by the fuzz suite (bench/reliability): a body of 100 000 nested arrays answered 500.
describe('request validation refuses absurdly nested input with 400', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 400 on a public and a staff call, and the server keeps answering', async () => {
    const { cookie } = await t.loginAs('user');
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    for (const [url, headers] of [
      ['/api/isv/simulate', {}],
      ['/api/leads/manual', { cookie }],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: deep,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        message: TOO_DEEP_MESSAGE,
        code: 'VALIDATION',
        fields: { body: TOO_DEEP_MESSAGE },
      });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
