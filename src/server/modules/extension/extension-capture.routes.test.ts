import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leads } from '#server/db/schema/leads.ts';
import { exchangeRates } from '#server/db/schema/settings.ts';
import { proposals, storedMedia } from '#server/db/schema/proposals.ts';
import type { ListingFixtureServer } from '#test/listing-fixture-server.ts';
import type { TestApp } from '#test/test-app.ts';
import {
  bearer,
  EXTENSION_ORIGIN,
  LISTING_URL,
  startExtensionRig,
  type ExtensionRig,
} from './extension.test-helpers.ts';

// The extension's calls (ADR 032): the lead picker, and Send to back office, which builds a
// proposal from the page's HTML. Its tokens and origin: extension-tokens.routes.test.ts.
describe('the browser extension’s lead picker and Send to back office (ADR 032)', () => {
  let rig: ExtensionRig;
  let t: TestApp;
  let fixtures: ListingFixtureServer;
  let token: string;
  let leadId: number;
  let pageHtml: string;

  beforeAll(async () => {
    rig = await startExtensionRig();
    ({ t, fixtures, leadId, pageHtml } = rig);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/profile/tokens',
      headers: { cookie: rig.cookie },
      payload: { name: 'Chrome at the office' },
    });
    token = made.json().token;
  });
  afterAll(() => rig.close());

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
});
