import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseListing } from './parse-listing.ts';
import type { ListingData } from './types.ts';
import { CASES } from './parse-listing-cases.test-helpers.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const FIXTURES = readdirSync(new URL('./fixtures/', import.meta.url)).filter((f) => f.endsWith('.html'));

describe('parseListing: every fixture page, field by field', () => {
  it.each(CASES)('%s', (file, url, expected) => {
    // The generic parser's answer is always a guess (docs/listings.md section 5).
    const guessed = expected.marketplace === 'generic' ? { guessed: true } : {};
    expect(parseListing(fixture(file), url)).toEqual({ ok: true, data: expected, ...guessed });
  });

  it('has an expectation for every listing fixture', () => {
    const covered = new Set(CASES.map(([file]) => file));
    expect(FIXTURES.filter((f) => !f.startsWith('block-') && !covered.has(f))).toEqual([]);
  });
});

describe('fallbacks', () => {
  it('uses the generic parser when the marketplace parser finds nothing, keeping the marketplace', () => {
    const outcome = parseListing(fixture('generic-jsonld-car.html'), 'https://www.autoscout24.pt/anuncios/peugeot-308');
    expect(outcome.ok && outcome.data.marketplace).toBe('autoscout24');
    expect(outcome.ok && outcome.data.engineCc).toBe(1499);
  });

  it('on an unknown host (pasted source, a mirror, the test fixture server), the page structure picks the parser', () => {
    for (const [file, url, expected] of CASES) {
      if (expected.marketplace === 'generic') continue;
      const outcome = parseListing(fixture(file), 'http://127.0.0.1:4567/listing/x');
      expect(outcome.ok, file).toBe(true);
      const data = outcome.ok ? outcome.data : null;
      const known = parseListing(fixture(file), url);
      // The same car; only what the address itself tells may differ: a country from the domain, and
      // otomoto, which runs on Standvirtual's platform, is read as that platform.
      const same = (d: ListingData | null) => ({
        ...d,
        country: null,
        marketplace: d?.marketplace === 'otomoto' ? 'standvirtual' : d?.marketplace,
      });
      expect(same(data), file).toEqual(same(known.ok ? known.data : null));
    }
  });

  it('reads the mobile.de spec table when the page carries no state', () => {
    const html = `<html><head><meta property="og:title" content="Volkswagen Passat Variant 2.0 TDI"></head><body><h1>Volkswagen Passat Variant 2.0 TDI</h1>
      <dl><dt data-testid="mileage-item">Kilometerstand</dt><dd>132.000&nbsp;km</dd>
      <dt data-testid="power-item">Leistung</dt><dd>110 kW (150 PS)</dd>
      <dt data-testid="cubicCapacity-item">Hubraum</dt><dd>1.968 cm³</dd>
      <dt data-testid="fuel-item">Kraftstoffart</dt><dd>Diesel</dd>
      <dt data-testid="firstRegistration-item">Erstzulassung</dt><dd>04/2017</dd>
      <dt data-testid="envkv.co2Emissions-item">CO₂-Emissionen (komb.)²</dt><dd>119 g/km</dd></dl></body></html>`;
    expect(parseListing(html, 'https://suchen.mobile.de/fahrzeuge/details.html?id=5')).toMatchObject({
      ok: true,
      data: {
        marketplace: 'mobile.de',
        brand: 'Volkswagen',
        model: 'Passat',
        mileageKm: 132000,
        powerKw: 110,
        powerHp: 150,
        engineCc: 1968,
        fuel: 'diesel',
        firstRegistration: '04/2017',
        co2: 119,
        co2Cycle: 'nedc',
      },
    });
  });

  it('a saved page on another address is read by its canonical link: parser and country of the real site', () => {
    const html = fixture('standvirtual-electric.html').replace(
      '<head>',
      '<head><link rel="canonical" href="https://www.standvirtual.com/carros/anuncio/tesla-model-3-ID8PaZ9x.html">',
    );
    expect(parseListing(html, 'file:///home/user/Downloads/anuncio.html')).toMatchObject({
      ok: true,
      data: { marketplace: 'standvirtual', brand: 'Tesla', country: 'PT' },
    });
    const og = fixture('as24-nl-no-net.html').replace(
      '<head>',
      '<head><meta property="og:url" content="https://www.autoscout24.nl/aanbod/x">',
    );
    expect(parseListing(og, 'http://127.0.0.1:4567/x')).toMatchObject({
      ok: true,
      data: { marketplace: 'autoscout24', brand: 'Volkswagen' },
    });
  });

  it('fills what the page data lacks (seller, country, photos) from a vehicle JSON-LD node, never overriding it', () => {
    const ld =
      '<script type="application/ld+json">{"@type":"Car","brand":{"name":"BMW"},"model":"X3","mileageFromOdometer":{"value":1,"unitCode":"KMT"},"offers":{"price":1,"priceCurrency":"EUR","offeredBy":{"@type":"AutoDealer","name":"Autohaus Nord","address":{"addressCountry":"DE"}}}}</script>';
    const html = fixture('mobile-de-rsc-ad-without-make.html').replace('</head>', `${ld}</head>`);
    const outcome = parseListing(html, 'https://suchen.mobile.de/fahrzeuge/details.html?id=463000111');
    expect(outcome).toMatchObject({
      ok: true,
      data: { sellerName: 'Autohaus Nord', country: 'DE', mileageKm: 61300, price: '31450.00', model: 'X3' },
    });
  });

  it('reads mobile.de spec labels by meaning, not by first word (consumption and class rows are skipped)', () => {
    const html = `<html><head><title>Skoda Octavia | mobile.de</title></head><body><h1>Skoda Octavia Combi 2.0 TDI Style</h1><table>
      <tr><th>Fuel consumption2</th><td>4.6 l/100km (combined)</td></tr><tr><th>Fuel</th><td>Diesel</td></tr>
      <tr><th>CO₂ class</th><td>Based on CO₂ emissions (combined)</td></tr><tr><th>CO₂ emissions (comb.)2</th><td>121 g/km</td></tr>
      <tr><th>Mileage</th><td>88,600 km</td></tr><tr><th>Power</th><td>110 kW (150 hp)</td></tr><tr><th>First Registration</th><td>03/2021</td></tr></table></body></html>`;
    expect(parseListing(html, 'https://www.mobile.de/en/vehicle/details.html?id=7')).toMatchObject({
      ok: true,
      data: {
        brand: 'Skoda',
        model: 'Octavia',
        fuel: 'diesel',
        co2: 121,
        co2Cycle: 'wltp',
        mileageKm: 88600,
        powerKw: 110,
        firstRegistration: '03/2021',
      },
    });
  });

  it('reads Standvirtual display rows by key when parametersDict is missing', () => {
    const advert = {
      id: '1',
      price: { value: '15 900', currency: 'EUR', labels: [] },
      details: [
        { key: 'make', label: 'Marca', value: 'Renault' },
        { key: 'engine_code', label: 'Modelo', value: 'Mégane' },
        { key: 'model', label: 'Sub-modelo', value: 'Mégane' },
        { key: 'mileage', label: 'Quilómetros', value: '88 000 km' },
        { key: 'engine_power', label: 'Potência', value: '115 cv' },
        { key: 'fuel_type', label: 'Combustível', value: 'Diesel' },
      ],
    };
    const html = `<script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { pageProps: { advert } } })}</script>`;
    expect(parseListing(html, 'https://www.standvirtual.com/carros/anuncio/x.html')).toMatchObject({
      ok: true,
      data: {
        brand: 'Renault',
        model: 'Mégane',
        mileageKm: 88000,
        powerHp: 115,
        powerKw: 85,
        fuel: 'diesel',
        price: '15900.00',
        country: 'PT',
      },
    });
  });

  it('reads an AutoScout24 /_next/data JSON body', () => {
    const html = fixture('as24-es-nedc.html');
    const json = /<script id="__NEXT_DATA__"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const body = JSON.stringify({ pageProps: JSON.parse(json).props.pageProps });
    expect(parseListing(body, 'https://www.autoscout24.es/ofertas/x')).toMatchObject({
      ok: true,
      data: { brand: 'Seat', co2: 128 },
    });
  });
});
