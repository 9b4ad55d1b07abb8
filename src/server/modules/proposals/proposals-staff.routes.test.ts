import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { leads } from '#server/db/schema/leads.ts';
import { notifications } from '#server/db/schema/messaging.ts';
import { proposals, storedMedia } from '#server/db/schema/proposals.ts';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { startListingFixtureServer, type ListingFixtureServer } from '#test/listing-fixture-server.ts';

const NOW = new Date('2026-03-15T10:00:00Z');

/** A diesel BMW 320d, 03/2021: ISV 2806.62 on 2026-03-15 (worked out in src/shared/proposals/costs.test.ts). */
const BMW = {
  vehicleBrand: 'BMW',
  vehicleModel: '320d',
  vehicleSubmodel: 'Touring',
  vehicleMileage: '85.714',
  vehicleEngineSize: '1995',
  vehicleFuelType: 'diesel',
  vehiclePower: '140 kW (190 cv)',
  vehicleCo2Emissions: '119',
  vehicleFirstRegistration: '03/2021',
  vehicleCountry: 'Alemanha',
  vehiclePrice: '24.500,00',
  vehicleOriginalPrice: '',
  vehiclePriceWithoutVat: '',
  wltpValue: true,
  hybridValue: false,
  pluginValue: false,
  transportCost: '2000',
  registrationFee: '340',
  taxDeclarationDate: '',
  registrationCountry: 'eu',
  dieselParticlesBelowLimit: false,
  electricRangeKm: '',
  euro6eBis: false,
  sourceListing: 'https://suchen.mobile.de/fahrzeuge/details.html?id=1',
  imageUrls: [] as string[],
};

describe('proposals: staff calls', () => {
  let t: TestApp;
  let fixtures: ListingFixtureServer;
  let cookie: string;
  let userId: number;
  let leadId: number;

  beforeAll(async () => {
    fixtures = await startListingFixtureServer();
    t = await createTestApp({ clock: { now: () => NOW }, listingFetchTestOrigin: fixtures.origin });
    const signedIn = await t.loginAs('user');
    cookie = signedIn.cookie;
    userId = signedIn.user.id;
    leadId = (await insertLead(t.database.db, { firstName: 'Joana', lastName: 'Martins' })).id;
  });
  afterAll(async () => {
    await t.close();
    await fixtures.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { cookie } });
  const newLead = async () => (await insertLead(t.database.db, { firstName: 'Rui' })).id;

  it('creates a proposal with ISV, IVA and total computed on the server, amounts as decimal strings', async () => {
    const res = await call('POST', `/api/leads/${leadId}/proposals`, { ...BMW, isvCost: '1.00', totalCost: '2.00' });
    expect(res.statusCode).toBe(201);
    const { proposal, failedImages } = res.json();
    expect(failedImages).toEqual([]);
    expect(proposal).toMatchObject({
      leadId,
      vehicleMileage: 85714,
      vehicleEngineSize: 1995,
      vehicleCo2Emissions: 119,
      vehiclePrice: '24500.00',
      vehicleOriginalPrice: null,
      transportCost: '2000.00',
      registrationFee: '340.00',
      isvCost: '2806.62',
      ivaCost: '0.00',
      totalCost: '29646.62',
      createdBy: userId,
      viewCount: 0,
    });
    expect(proposal.publicId).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await t.database.db.select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(row).toMatchObject({ isvCost: '2806.62', totalCost: '29646.62', vehiclePrice: '24500.00' });
  });

  it('the public page gets exactly the saved numbers', async () => {
    const list = (await call('GET', `/api/leads/${leadId}/proposals`)).json();
    const pub = (await t.app.inject({ method: 'GET', url: `/api/proposals/public/${list[0].publicId}` })).json();
    for (const key of ['vehiclePrice', 'isvCost', 'ivaCost', 'transportCost', 'registrationFee', 'totalCost'] as const)
      expect(pub.proposal[key]).toBe(list[0][key]);
  });

  it('refuses bad input with a message per field and changes nothing', async () => {
    const before = (await call('GET', `/api/leads/${leadId}/proposals`)).json().length;
    const res = await call('POST', `/api/leads/${leadId}/proposals`, {
      ...BMW,
      vehicleFirstRegistration: '2021-03',
      vehiclePrice: 'lots',
      vehicleFuelType: 'steam',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      vehicleFirstRegistration: 'First registration must be written MM/YYYY',
      vehiclePrice: 'Price must be an amount in euros up to 99,999,999.99',
      vehicleFuelType: 'Choose a fuel type from the list',
    });
    const future = await call('POST', `/api/leads/${leadId}/proposals`, {
      ...BMW,
      vehicleFirstRegistration: '04/2026',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toEqual({ vehicleFirstRegistration: 'First registration cannot be in the future' });
    expect((await call('GET', `/api/leads/${leadId}/proposals`)).json()).toHaveLength(before);
    expect((await call('POST', '/api/leads/999999/proposals', BMW)).statusCode).toBe(404);
  });

  it('updates (recomputing the tax) and deletes; unknown ids answer 404', async () => {
    const id = (await call('POST', `/api/leads/${leadId}/proposals`, BMW)).json().proposal.id;
    const updated = await call('PUT', `/api/proposals/${id}`, { ...BMW, vehicleMileage: '5000' });
    expect(updated.statusCode).toBe(200);
    // At most 6000 km: IVA 23% of (price + ISV).
    expect(updated.json().proposal).toMatchObject({ ivaCost: '6280.52', totalCost: '35927.14' });
    expect((await call('DELETE', `/api/proposals/${id}`)).json()).toEqual({ ok: true });
    expect((await call('PUT', `/api/proposals/${id}`, BMW)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/proposals/${id}`)).statusCode).toBe(404);
  });

  it('copies listing photos into its own storage on save, resized to 1920 px, in the chosen order; failures are reported', async () => {
    const urls = [
      `${fixtures.origin}/img/b.jpg`,
      `${fixtures.origin}/img/a.jpg`,
      `${fixtures.origin}/img/missing.jpg`,
      'https://evil.example/x.jpg',
    ];
    const res = await call('POST', `/api/leads/${leadId}/proposals`, { ...BMW, imageUrls: urls });
    expect(res.statusCode).toBe(201);
    const { proposal, failedImages } = res.json();
    expect(proposal.imageUrls).toHaveLength(2);
    for (const url of proposal.imageUrls) expect(url).toMatch(/^\/media\/[0-9a-f]{32}$/);
    expect(failedImages.map((f: { url: string }) => f.url)).toEqual([urls[2], urls[3]]);
    const media = await t.database.db.select().from(storedMedia).where(eq(storedMedia.proposalId, proposal.id));
    expect(media.map((m) => m.sourceUrl).sort()).toEqual([urls[0], urls[1]].sort());
    const first = media.find((m) => `/media/${m.key}` === proposal.imageUrls[0])!;
    expect(first.sourceUrl).toBe(urls[0]);
    expect(Math.max(first.width!, first.height!)).toBe(1920);
    const served = await t.app.inject({ method: 'GET', url: proposal.imageUrls[0] });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    // Reordered and one removed: the removed photo is deleted from storage.
    const again = await call('PUT', `/api/proposals/${proposal.id}`, { ...BMW, imageUrls: [proposal.imageUrls[1]] });
    expect(again.json().proposal.imageUrls).toEqual([proposal.imageUrls[1]]);
    expect(
      await t.database.db
        .select({ key: storedMedia.key })
        .from(storedMedia)
        .where(eq(storedMedia.proposalId, proposal.id)),
    ).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: proposal.imageUrls[0] })).statusCode).toBe(404);

    // Deleting the proposal deletes its photos.
    await call('DELETE', `/api/proposals/${proposal.id}`);
    expect((await t.app.inject({ method: 'GET', url: proposal.imageUrls[1] })).statusCode).toBe(404);
  });

  it('takes staff uploads (jpeg, png, webp) and refuses anything else', async () => {
    const png = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/proposals/photos',
      payload: png,
      headers: { cookie, 'content-type': 'image/png' },
    });
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({ width: 1920, height: 640 });
    const id = (await call('POST', `/api/leads/${leadId}/proposals`, { ...BMW, imageUrls: [up.json().url] })).json()
      .proposal.id;
    const [media] = await t.database.db.select().from(storedMedia).where(eq(storedMedia.proposalId, id));
    expect(`/media/${media!.key}`).toBe(up.json().url);

    // The same stored photo in a second proposal is copied, so deleting one keeps the other's.
    const second = (await call('POST', `/api/leads/${leadId}/proposals`, { ...BMW, imageUrls: [up.json().url] })).json()
      .proposal;
    expect(second.imageUrls[0]).not.toBe(up.json().url);
    await call('DELETE', `/api/proposals/${id}`);
    expect((await t.app.inject({ method: 'GET', url: second.imageUrls[0] })).statusCode).toBe(200);

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/proposals/photos',
      payload: 'not an image',
      headers: { cookie, 'content-type': 'image/jpeg' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Unsupported image');
    const svg = await t.app.inject({
      method: 'POST',
      url: '/api/proposals/photos',
      payload: '<svg/>',
      headers: { cookie, 'content-type': 'image/svg+xml' },
    });
    expect(svg.statusCode).toBe(415);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/proposals/photos',
          payload: png,
          headers: { 'content-type': 'image/png' },
        })
      ).statusCode,
    ).toBe(401);
  });

  describe('POST /api/scrape-vehicle-data', () => {
    it('reads a listing served by the fixture server: car data, photo URLs and the source', async () => {
      const url = fixtures.listingUrl('as24-de-net-reduced');
      const res = await call('POST', '/api/scrape-vehicle-data', { url });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.sourceUrl).toBe(url);
      expect(body.carData).toMatchObject({
        marketplace: 'autoscout24',
        brand: 'BMW',
        model: 'X5',
        engineCc: 2993,
        co2: 180,
        co2Cycle: 'wltp',
        price: '65455.00',
        priceWithoutVat: '55004.00',
      });
      expect(body.imageUrls.length).toBeGreaterThan(0);
      for (const u of body.imageUrls) expect(u.startsWith(`${fixtures.origin}/img/`)).toBe(true);
    });

    it('runs the same parsers on a pasted page source, for any URL', async () => {
      const html = await (await fetch(fixtures.listingUrl('standvirtual-iva'))).text();
      const res = await call('POST', '/api/scrape-vehicle-data', {
        url: 'https://www.standvirtual.com/carros/anuncio/x-ID1.html',
        html,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().carData.marketplace).toBe('standvirtual');
    });

    it('recognises an anti-bot page and says how to go on', async () => {
      const res = await call('POST', '/api/scrape-vehicle-data', { url: `${fixtures.origin}/blocked` });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'LISTING_BLOCKED',
        message:
          'The marketplace refused the automatic read (Akamai). Paste the page source, or use the browser extension on the listing page.',
      });
    });

    it('refuses other sites, private addresses and bad URLs before fetching anything', async () => {
      for (const [url, message] of [
        [
          'https://mobile.de.evil.example/fahrzeuge/details.html?id=1',
          'Only mobile.de, AutoScout24 and Standvirtual listings can be read automatically. For another site, paste the page source.',
        ],
        [
          'http://127.0.0.1:9/listing',
          'Only mobile.de, AutoScout24 and Standvirtual listings can be read automatically. For another site, paste the page source.',
        ],
        ['not a url', 'Enter a valid URL'],
        ['', 'Enter the listing URL'],
      ] as const) {
        const res = await call('POST', '/api/scrape-vehicle-data', { url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().fields.url, url).toBe(message);
      }
      const redirect = await call('POST', '/api/scrape-vehicle-data', { url: `${fixtures.origin}/redirect-private` });
      expect(redirect.statusCode).toBe(400);
      // Every redirect is checked like the first address.
      expect(redirect.json().message).toBe('This address does not lead to a public marketplace');
    });

    it('answers a page without car data clearly', async () => {
      const res = await call('POST', '/api/scrape-vehicle-data', {
        url: 'https://www.autoscout24.de/angebote/x',
        html: '<html><body>Hello</body></html>',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('UNPROCESSABLE');
    });
  });

  describe('customer views', () => {
    it('counts customer views, not staff ones; the first tells staff and the timeline, without touching lateness', async () => {
      const lead = await newLead();
      const { publicId, id } = (await call('POST', `/api/leads/${lead}/proposals`, BMW)).json().proposal;
      const [before] = await t.database.db
        .select({ at: leads.lastInteractionAt })
        .from(leads)
        .where(eq(leads.id, lead));
      const view = (headers: Record<string, string> = {}) =>
        t.app.inject({ method: 'POST', url: `/api/proposals/public/${publicId}/view`, headers });

      expect((await view({ cookie })).json()).toEqual({ counted: false });
      expect((await view()).json()).toEqual({ counted: true });
      // The same visitor again within 30 minutes is the same view.
      expect((await view()).json()).toEqual({ counted: false });

      const [row] = await t.database.db.select().from(proposals).where(eq(proposals.id, id));
      expect(row).toMatchObject({ viewCount: 1, firstViewedAt: NOW, lastViewedAt: NOW });
      const timeline = (await call('GET', `/api/leads/${lead}/timeline`)).json();
      expect(timeline[0]).toMatchObject({
        kind: 'proposal_viewed',
        label: 'Proposal Viewed',
        // Said once: the label, no title repeating it.
        title: null,
        editable: false,
        description: 'Rui opened the proposal for a BMW 320d for the first time.',
      });
      const notes = await t.database.db.select().from(notifications).where(eq(notifications.relatedId, lead));
      expect(notes.find((n) => n.userId === userId)).toMatchObject({
        type: 'other',
        title: 'Proposal viewed',
        relatedType: 'lead',
      });
      const [after] = await t.database.db.select({ at: leads.lastInteractionAt }).from(leads).where(eq(leads.id, lead));
      expect(after!.at).toEqual(before!.at);
      // Staff cannot edit or delete what the product wrote.
      expect((await call('DELETE', `/api/timeline/${timeline[0].id}`)).statusCode).toBe(403);

      const listed = (await call('GET', `/api/leads/${lead}/proposals`)).json()[0];
      expect(listed).toMatchObject({ viewCount: 1, lastViewedAt: NOW.toISOString() });
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/proposals/public/5b0f1f8e-0000-0000-0000-000000000000/view' }))
          .statusCode,
      ).toBe(404);
    });
  });
});
