import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiTokens } from '#server/db/schema/auth.ts';
import { leads } from '#server/db/schema/leads.ts';
import { exchangeRates } from '#server/db/schema/settings.ts';
import { proposals, storedMedia } from '#server/db/schema/proposals.ts';
import { EXTENSION_ID } from '#shared/extension.ts';
import { insertLead } from '#test/factories.ts';
import { startListingFixtureServer, type ListingFixtureServer } from '#test/listing-fixture-server.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { TOKEN_REFUSED } from '#server/modules/api-tokens/api-tokens.service.ts';
import { EXTENSION_ORIGIN_REFUSED } from './extension.routes.ts';

const NOW = new Date('2026-03-15T10:00:00Z');
const EXTENSION_ORIGIN = `chrome-extension://${EXTENSION_ID}`;
const LISTING_URL = 'https://www.autoscout24.de/angebote/bmw-x5-xdrive30d-m-sport-diesel-schwarz-1';

describe('the browser extension’s routes and personal access tokens (ADR 032)', () => {
  let t: TestApp;
  let fixtures: ListingFixtureServer;
  let cookie: string;
  let otherCookie: string;
  let token: string;
  let leadId: number;
  let pageHtml: string;

  const bearer = (value: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${value}`,
    ...extra,
  });

  beforeAll(async () => {
    fixtures = await startListingFixtureServer();
    t = await createTestApp({ clock: { now: () => NOW }, listingFetchTestOrigin: fixtures.origin });
    cookie = (await t.loginAs('user')).cookie;
    otherCookie = (await t.loginAs('user')).cookie;
    leadId = (
      await insertLead(t.database.db, {
        firstName: 'Joana',
        lastName: 'Martins',
        email: 'joana@example.pt',
        reference: 'L77001',
      })
    ).id;
    // The page as the browser has it: the marketplace's HTML with photos on the fixture server.
    pageHtml = await (await fetch(fixtures.listingUrl('as24-de-net-reduced'))).text();
  });
  afterAll(async () => {
    await t.close();
    await fixtures.close();
  });

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

  describe('the lead picker', () => {
    it('finds leads by name, e-mail or reference', async () => {
      for (const q of ['Martins', 'joana@example', 'L77001']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/extension/leads?q=${encodeURIComponent(q)}`,
          headers: bearer(token),
        });
        expect(res.statusCode, q).toBe(200);
        expect(res.json().items, q).toEqual([
          expect.objectContaining({ id: leadId, reference: 'L77001', name: 'Joana Martins' }),
        ]);
      }
    });
  });

  describe('Send to back office', () => {
    it('builds the proposal from the page’s HTML on the chosen lead, with its photos', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/extension/capture',
        headers: bearer(token, { origin: EXTENSION_ORIGIN }),
        payload: { url: LISTING_URL, html: pageHtml, leadId },
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ leadId, leadReference: 'L77001', failedPhotos: 0 });
      expect(body.photos).toBeGreaterThan(0);
      expect(body.editorPath).toBe(`/admin/leads/${leadId}?proposal=${body.proposalId}`);
      const [row] = await t.database.db.select().from(proposals).where(eq(proposals.id, body.proposalId));
      // The server's own parse of the page (never the extension's figures), as the URL path would.
      expect(row).toMatchObject({
        leadId,
        vehicleBrand: 'BMW',
        vehicleModel: 'X5',
        vehicleEngineSize: 2993,
        vehicleCo2Emissions: 180,
        vehiclePrice: '65455.00',
        sourceListing: LISTING_URL,
        transportCost: '2000.00',
        registrationFee: '340.00',
      });
      expect(row!.isvCost).not.toBeNull();
      expect(row!.imageUrls.every((u) => u.startsWith('/media/'))).toBe(true);
      const media = await t.database.db.select().from(storedMedia).where(eq(storedMedia.proposalId, body.proposalId));
      expect(media).toHaveLength(body.photos);
    });

    it('creates the lead when asked, named as typed', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/extension/capture',
        headers: bearer(token),
        payload: { url: LISTING_URL, html: pageHtml, newLead: { firstName: 'Rui', email: 'rui@example.pt' } },
      });
      expect(res.statusCode).toBe(201);
      const [lead] = await t.database.db.select().from(leads).where(eq(leads.id, res.json().leadId));
      expect(lead).toMatchObject({ firstName: 'Rui', email: 'rui@example.pt', vehicleMake: 'BMW', vehicleModel: 'X5' });
    });

    it('refuses a block page and creates nothing, not even the lead', async () => {
      const blocked = await (await fetch(`${fixtures.origin}/blocked`)).text();
      const before = (await t.database.db.select().from(leads)).length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/extension/capture',
        headers: bearer(token),
        payload: { url: LISTING_URL, html: blocked, newLead: { firstName: 'Nobody' } },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('LISTING_BLOCKED');
      expect((await t.database.db.select().from(leads)).length).toBe(before);
    });

    describe('a listing priced in zloty (ADR 055)', () => {
      const OTOMOTO_URL = 'https://www.otomoto.pl/osobowe/oferta/skoda-octavia-ID6Fabc1.html';
      let otomoto: string;
      const capture = (extra: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/extension/capture',
          headers: bearer(token),
          payload: { url: OTOMOTO_URL, html: otomoto, ...extra },
        });
      beforeAll(async () => {
        otomoto = await (await fetch(fixtures.listingUrl('otomoto'))).text();
      });

      it('without a rate in the panel or in Settings: a message naming both, and nothing created', async () => {
        await t.database.db.delete(exchangeRates);
        const before = (await t.database.db.select().from(leads)).length;
        const res = await capture({ newLead: { firstName: 'Piotr' } });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(
          'This listing is priced in PLN and there is no PLN rate: type it in the panel, or ask an admin to add it in Settings > Exchange rates',
        );
        expect((await t.database.db.select().from(leads)).length).toBe(before);
      });

      it('takes the Settings rate with its date, and the euro price and taxes follow', async () => {
        await t.database.db
          .insert(exchangeRates)
          .values({ currency: 'PLN', eurPerUnit: '0.2345', rateDate: '2026-03-10' });
        const me = await t.app.inject({ method: 'GET', url: '/api/extension/me', headers: bearer(token) });
        expect(me.json().exchangeRates).toEqual([{ currency: 'PLN', eurPerUnit: '0.2345', rateDate: '2026-03-10' }]);
        const res = await capture({ leadId });
        expect(res.statusCode).toBe(201);
        const [row] = await t.database.db.select().from(proposals).where(eq(proposals.id, res.json().proposalId));
        expect(row).toMatchObject({
          listedPrice: '89900.00',
          listedCurrency: 'PLN',
          exchangeRate: '0.234500',
          exchangeRateDate: '2026-03-10',
          vehiclePrice: '21081.55',
          vehicleGearbox: 'manual',
          vehicleEuroNorm: 'Euro 6',
          vehicleParticleFilter: true,
          sellerType: 'dealer',
        });
      });

      it('a rate typed in the panel wins, dated today when the panel gives no date', async () => {
        const res = await capture({ leadId, exchangeRate: '0,25' });
        expect(res.statusCode).toBe(201);
        const [row] = await t.database.db.select().from(proposals).where(eq(proposals.id, res.json().proposalId));
        expect(row).toMatchObject({
          exchangeRate: '0.250000',
          exchangeRateDate: '2026-03-15',
          vehiclePrice: '22475.00',
        });
      });
    });

    it('asks for a lead or a new one', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/extension/capture',
        headers: bearer(token),
        payload: { url: LISTING_URL, html: pageHtml },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ leadId: 'Choose a lead or create one' });
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
