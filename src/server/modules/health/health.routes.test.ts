import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const health = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/health', headers: cookie ? { cookie } : {} });

  it('tells anonymous callers, forged sessions included, only that the app is up', async () => {
    for (const cookie of [undefined, 'sid=forged-token']) {
      const res = await health(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
  });

  it('tells signed-in staff which database the app runs on', async () => {
    for (const role of ['user', 'admin'] as const) {
      const { cookie } = await t.loginAs(role);
      expect((await health(cookie)).json()).toEqual({ ok: true, database: t.database.kind });
    }
  });
});
