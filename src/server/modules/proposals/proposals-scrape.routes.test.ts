import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLead } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { startListingFixtureServer, type ListingFixtureServer } from '#test/listing-fixture-server.ts';
import { NOW } from './proposals-staff.test-helpers.ts';

describe('proposals: staff calls', () => {
  let t: TestApp;
  let fixtures: ListingFixtureServer;
  let cookie: string;

  beforeAll(async () => {
    fixtures = await startListingFixtureServer();
    t = await createTestApp({ clock: { now: () => NOW }, listingFetchTestOrigin: fixtures.origin });
    const signedIn = await t.loginAs('user');
    cookie = signedIn.cookie;
    await insertLead(t.database.db, { firstName: 'Joana', lastName: 'Martins' });
  });
  afterAll(async () => {
    await t.close();
    await fixtures.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { cookie } });

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
          'The marketplace answered with a bot check (Akamai) instead of the listing: paste the page source, or use the browser extension on the listing page.\n' +
          'O site respondeu com uma verificação anti-robô (Akamai) em vez do anúncio: cole o código-fonte da página ou use a extensão do navegador na página do anúncio.',
      });
    });

    it('refuses a search results page with its own code, naming the page in English and Portuguese', async () => {
      // Served from the loopback fixture server: its canonical link names the AutoScout24 search route.
      const res = await call('POST', '/api/scrape-vehicle-data', { url: fixtures.refusedUrl('as24-de-search') });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'NOT_A_LISTING',
        message:
          "This is a search results page with 20 cars: open the car's own page.\n" +
          'Esta é uma página de resultados de pesquisa com 20 carros: abra a página do próprio carro.',
      });
    });

    it('says when the data was guessed from a page no marketplace vouches for', async () => {
      const res = await call('POST', '/api/scrape-vehicle-data', { url: fixtures.listingUrl('generic-jsonld-car') });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ guessed: true, carData: { brand: 'Peugeot' } });
      const known = await call('POST', '/api/scrape-vehicle-data', { url: fixtures.listingUrl('as24-de-net-reduced') });
      expect(known.json().guessed).toBe(false);
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
      expect(res.json().code).toBe('NOT_A_LISTING');
    });
  });
});
