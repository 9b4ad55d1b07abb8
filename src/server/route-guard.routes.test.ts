import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The only calls anyone may make without signing in. Making a route public means adding it here.
const PUBLIC_ROUTES = [
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/login',
  'GET /api/health',
  'POST /api/isv/simulate',
  'POST /api/contact-form',
  'GET /api/proposals/public/:publicId',
  'POST /api/proposals/public/:publicId/view',
  'GET /api/settings/public',
  'GET /api/public/tracking/:publicId',
  // The browser extension's CORS preflight: headers only, no data (ADR 032).
  'OPTIONS /api/extension/*',
  // Google's redirect back: it checks the admin session itself and answers a page (ADR 025).
  'GET /api/gmail/callback',
];
// Calls only role admin may make: role user gets 403 whatever the UI shows (ADR 004).
const ADMIN_ROUTES = [
  'POST /api/notifications',
  'GET /api/users',
  'POST /api/users',
  'DELETE /api/users/:id',
  'GET /api/admin/security-audit-logs',
  'GET /api/settings',
  'PUT /api/settings',
  'POST /api/settings/logo',
  'DELETE /api/settings/logo',
  'GET /api/admin/backup/list',
  'GET /api/admin/backup/status',
  'POST /api/admin/backup/create',
  'POST /api/admin/backup/restore',
  'GET /api/admin/backup/download/:filename',
  'POST /api/admin/backup/upload',
  'GET /api/gmail/status',
  'GET /api/gmail/auth/:account',
  // Messages that could not be imported, and importing one as text (ADR 064).
  'GET /api/gmail/:account/failed-messages',
  'POST /api/gmail/failed-messages/:id/import-as-text',
  // Who owns new leads (ADR 065).
  'PUT /api/settings/lead-owner-rule',
  'POST /api/gmail/connect/:account',
  'POST /api/gmail/disconnect/:account',
  'POST /api/gmail/test',
  'PUT /api/gmail/signature/:source',
  'PUT /api/exchange-rates',
  'GET /api/isv/tables-notice',
];

// An id no record has: an admin's call must pass the guard without changing anything (DELETE /api/users/:id).
const sample = (url: string) => url.replace(/:id\b/g, '2147483000').replace(/:(\w+)/g, 'sample');

describe('one guard for every call', () => {
  let t: TestApp;
  let userCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    userCookie = (await t.loginAs('user')).cookie;
    adminCookie = (await t.loginAs('admin')).cookie;
  });
  afterAll(() => t.close());

  const routes = () => t.app.apiRoutes.map((r) => ({ ...r, key: `${r.method} ${r.url}` }));

  it('registers the routes this test knows about', () => {
    const keys = routes().map((r) => r.key);
    expect(keys.length).toBeGreaterThan(8);
    for (const key of [...PUBLIC_ROUTES, ...ADMIN_ROUTES]) expect(keys).toContain(key);
  });

  it('marks exactly the public list as public', () => {
    const publicKeys = routes()
      .filter((r) => r.access === 'public')
      .map((r) => r.key)
      .sort();
    expect(publicKeys).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('marks exactly the admin list as admin-only', () => {
    const adminKeys = routes()
      .filter((r) => r.access === 'admin')
      .map((r) => r.key)
      .sort();
    expect(adminKeys).toEqual([...ADMIN_ROUTES].sort());
  });

  it('answers 401 to anonymous callers on every non-public route', async () => {
    for (const route of routes().filter((r) => !PUBLIC_ROUTES.includes(r.key))) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: sample(route.url),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, route.key).toBe(401);
      expect(res.json(), route.key).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('answers 401 to a forged or expired session cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: 'sid=forged-token-value' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to role user on every admin-only route, and lets an admin through the guard', async () => {
    for (const route of routes().filter((r) => r.access === 'admin')) {
      const asUser = await t.app.inject({
        method: route.method as 'GET',
        url: sample(route.url),
        headers: { cookie: userCookie },
        payload: {},
      });
      expect(asUser.statusCode, route.key).toBe(403);
      const asAdmin = await t.app.inject({
        method: route.method as 'GET',
        url: sample(route.url),
        headers: { cookie: adminCookie },
        payload: {},
      });
      expect([401, 403], route.key).not.toContain(asAdmin.statusCode);
    }
  });

  it('refuses to start when a route declares no access rule', async () => {
    const { default: Fastify } = await import('fastify');
    const { authPlugin } = await import('#server/plugins/auth.ts');
    const app = Fastify();
    await app.register(authPlugin, { sessions: t.services.sessions, secureCookies: 'auto' });
    expect(() => app.get('/api/unguarded', async () => ({ leaked: true }))).toThrow(/has no access rule/);
    await app.close();
  });
});
