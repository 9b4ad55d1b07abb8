import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiTokens } from '#server/db/schema/auth.ts';
import type { TestApp } from '#test/test-app.ts';
import { TOKEN_REFUSED } from '#server/modules/api-tokens/api-tokens.service.ts';
import { EXTENSION_ORIGIN_REFUSED } from './extension.routes.ts';
import {
  bearer,
  EXTENSION_ORIGIN,
  LISTING_URL,
  NOW,
  startExtensionRig,
  type ExtensionRig,
} from './extension.test-helpers.ts';

// The extension's way in (ADR 032): personal access tokens made in Edit Profile, accepted as
// bearer tokens on the extension's routes only, its origin let through CORS, and revoking.
// Its calls themselves (the lead picker, Send to back office): extension-capture.routes.test.ts.
describe('the browser extension’s tokens and origin (ADR 032)', () => {
  let rig: ExtensionRig;
  let t: TestApp;
  let cookie: string;
  let otherCookie: string;
  let token: string;
  let leadId: number;
  let pageHtml: string;

  beforeAll(async () => {
    rig = await startExtensionRig();
    ({ t, cookie, otherCookie, leadId, pageHtml } = rig);
  });
  afterAll(() => rig.close());

  describe('tokens in Edit Profile', () => {
    it('creates a named token, shown once and stored as its SHA-256 only', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/profile/tokens',
        headers: { cookie },
        payload: { name: 'Chrome at the office' },
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      token = body.token;
      expect(token).toMatch(/^aik_[\w-]{43}$/);
      expect(body.apiToken).toMatchObject({ name: 'Chrome at the office', lastUsedAt: null, revokedAt: null });
      const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, body.apiToken.id));
      expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(token);
      const list = await t.app.inject({ method: 'GET', url: '/api/profile/tokens', headers: { cookie } });
      expect(list.json()).toEqual([
        expect.objectContaining({ name: 'Chrome at the office', prefix: token.slice(0, 8) }),
      ]);
      expect(list.body).not.toContain(token);
    });

    it('needs a name, and lists only the user’s own tokens', async () => {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/profile/tokens',
        headers: { cookie },
        payload: { name: '  ' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ name: 'Name is required' });
      const other = await t.app.inject({ method: 'GET', url: '/api/profile/tokens', headers: { cookie: otherCookie } });
      expect(other.json()).toEqual([]);
    });

    it('cannot be managed with a token: the profile routes take the session only', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/profile/tokens', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('bearer tokens', () => {
    it('are accepted on the extension’s routes and record their last use', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/extension/me', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        defaults: { transportCost: '2000.00', registrationFee: '340.00' },
        exchangeRates: [],
      });
      const list = await t.app.inject({ method: 'GET', url: '/api/profile/tokens', headers: { cookie } });
      expect(list.json()[0].lastUsedAt).toBe(NOW.toISOString());
    });

    it('are ignored everywhere else', async () => {
      for (const url of ['/api/leads', '/api/auth/user', `/api/leads/${leadId}/proposals`]) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(res.statusCode, url).toBe(401);
      }
    });

    it('refuse a wrong token with a clear message, even with a session cookie alongside', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/extension/me',
        headers: bearer('aik_wrong', { cookie }),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(TOKEN_REFUSED);
    });
  });

  describe('CORS', () => {
    it('answers the extension’s preflight, and only its origin', async () => {
      const ok = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/extension/capture',
        headers: { origin: EXTENSION_ORIGIN, 'access-control-request-method': 'POST' },
      });
      expect(ok.statusCode).toBe(204);
      expect(ok.headers['access-control-allow-origin']).toBe(EXTENSION_ORIGIN);
      expect(ok.headers['access-control-allow-headers']).toContain('authorization');
      const other = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/extension/capture',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(other.statusCode).toBe(403);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const get = await t.app.inject({
        method: 'GET',
        url: '/api/extension/me',
        headers: bearer(token, { origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' }),
      });
      expect(get.statusCode).toBe(403);
      expect(get.json().message).toBe(EXTENSION_ORIGIN_REFUSED);
    });

    it('lets the extension’s origin through the cross-site check on its own routes only', async () => {
      const leadsRes = await t.app.inject({
        method: 'GET',
        url: '/api/extension/leads?q=joana',
        headers: bearer(token, { origin: EXTENSION_ORIGIN }),
      });
      expect(leadsRes.statusCode).toBe(200);
      expect(leadsRes.headers['access-control-allow-origin']).toBe(EXTENSION_ORIGIN);
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/leads/mark-all-seen',
        headers: { cookie, origin: EXTENSION_ORIGIN },
      });
      expect(elsewhere.statusCode).toBe(403);
    });
  });

  describe('revoking', () => {
    it('refuses the token at once, and only its owner can revoke it', async () => {
      const [row] = await t.database.db.select().from(apiTokens);
      const notMine = await t.app.inject({
        method: 'DELETE',
        url: `/api/profile/tokens/${row!.id}`,
        headers: { cookie: otherCookie },
      });
      expect(notMine.statusCode).toBe(404);
      const res = await t.app.inject({ method: 'DELETE', url: `/api/profile/tokens/${row!.id}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().revokedAt).toBe(NOW.toISOString());
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/extension/capture',
        headers: bearer(token),
        payload: { url: LISTING_URL, html: pageHtml, leadId },
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(TOKEN_REFUSED);
    });
  });
});
