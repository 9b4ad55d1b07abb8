import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { CROSS_SITE_MESSAGE } from './same-origin.ts';

const HOST = 'app.example.pt';
const OWN = `http://${HOST}`;
const PUBLIC_URL = 'https://www.example.pt';
const STATE_CHANGING = ['POST', 'PUT', 'PATCH', 'DELETE'];

const sample = (url: string) => url.replace(/:id\b/g, '1').replace(/:(\w+)/g, 'sample');

describe('cross-site calls: state-changing /api calls accept only the app’s own origin', () => {
  let t: TestApp;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ publicUrl: PUBLIC_URL });
    adminCookie = (await t.loginAs('admin')).cookie;
  });
  afterAll(() => t.close());

  const writes = () =>
    t.app.apiRoutes
      .filter((r) => STATE_CHANGING.includes(r.method))
      .map((r) => ({ method: r.method as 'POST', url: sample(r.url), key: `${r.method} ${r.url}` }));
  const call = (route: { method: 'POST'; url: string }, headers: Record<string, string>) =>
    t.app.inject({ method: route.method, url: route.url, headers: { host: HOST, ...headers }, payload: {} });
  const refused = (res: { statusCode: number; json: () => unknown }) =>
    res.statusCode === 403 && (res.json() as { message?: string }).message === CROSS_SITE_MESSAGE;

  it('walks the state-changing routes, body-less ones included', () => {
    const keys = writes().map((r) => r.key);
    for (const key of ['POST /api/auth/logout', 'POST /api/auth/login', 'POST /api/contact-form'])
      expect(keys).toContain(key);
    expect(keys.length).toBeGreaterThan(20);
  });

  it('refuses every one from a foreign Origin or a cross-site Sec-Fetch-Site with 403, even signed in', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example.net' },
      { origin: 'null' },
      { origin: `https://${HOST}` }, // another scheme
      { origin: `http://${HOST}:8080` }, // another port
      { origin: 'https://evil.example.net', 'sec-fetch-site': 'same-origin' }, // Origin decides when sent
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const route of writes())
      for (const headers of foreign) {
        const res = await call(route, { ...headers, cookie: adminCookie });
        expect(res.statusCode, `${route.key} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.json(), route.key).toEqual({ message: CROSS_SITE_MESSAGE, code: 'FORBIDDEN' });
      }
    // The admin's session survived the refused sign-out.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: adminCookie } })).statusCode,
    ).toBe(200);
  });

  it('lets every one through from the app’s own origin, PUBLIC_URL, same-origin or none, and with no header at all', async () => {
    const own: Record<string, string>[] = [
      { origin: OWN },
      { origin: PUBLIC_URL },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    // Anonymous, so nothing is changed: a guarded route answers 401 from the access guard, after this check.
    for (const route of writes())
      for (const headers of own) {
        const res = await call(route, headers);
        expect(refused(res), `${route.key} ${JSON.stringify(headers)}`).toBe(false);
        expect(res.statusCode, route.key).toBeLessThan(500);
      }
  });

  it('leaves reads alone (the browser keeps their answers from other sites)', async () => {
    const res = await call({ method: 'GET' as 'POST', url: '/api/health' }, { origin: 'https://evil.example.net' });
    expect(res.statusCode).toBe(200);
  });
});
