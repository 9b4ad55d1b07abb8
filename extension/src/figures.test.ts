import { describe, expect, it } from 'vitest';
import as24De from '#shared/listings/fixtures/as24-de-net-reduced.html?raw';
import mobileLegacy from '#shared/listings/fixtures/mobile-de-legacy.html?raw';
import mobileRsc from '#shared/listings/fixtures/mobile-de-rsc-net.html?raw';
import standvirtual from '#shared/listings/fixtures/standvirtual-iva.html?raw';
import { parseListing } from '#shared/listings/parse-listing.ts';
import type { ListingData } from '#shared/listings/types.ts';
import { computeProposalCosts } from '#shared/proposals/costs.ts';
import { euroPrice } from '#shared/proposals/currency.ts';
import { proposalFromListing } from '#shared/proposals/draft.ts';
import { captureRate } from './rate-field.ts';
import {
  initialInputs,
  normaliseFirstRegistration,
  readRangeKm,
  panelFigures,
  PUBLISHED_DEFAULTS,
  type PanelDefaults,
  readCo2,
  type PanelInputs,
} from './figures.ts';

/** The tax engine's worked example (src/shared/proposals/costs.test.ts): a 2021 BMW 320d. */
const bmw: ListingData = {
  marketplace: 'autoscout24',
  brand: 'BMW',
  model: '320d',
  submodel: null,
  mileageKm: 85714,
  engineCc: 1995,
  fuel: 'diesel',
  hybrid: false,
  plugin: false,
  powerKw: 140,
  powerHp: 190,
  co2: 119,
  co2Cycle: 'wltp',
  firstRegistration: '03/2021',
  country: 'DE',
  price: '24500.00',
  priceWithoutVat: null,
  originalPrice: null,
  currency: 'EUR',
  sellerName: null,
  euroNorm: null,
  particleFilter: null,
  gearbox: null,
  sellerType: null,
  imageUrls: [],
};
const DECLARED = '2026-03-15';
const figures = (car: ListingData, over: Partial<PanelInputs> = {}) =>
  panelFigures(car, { ...initialInputs(car), ...over }, PUBLISHED_DEFAULTS, DECLARED);

describe('the panel figures', () => {
  it('match the worked example: ISV by component, age reduction, transport, registration, total', () => {
    const f = figures(bmw);
    expect(f.breakdown).toMatchObject({
      cylinderComponent: 4997.07,
      environmentalComponent: 350.05,
      particleSurcharge: 500,
      ageReductionPercent: 52,
    });
    expect(f).toMatchObject({
      price: '24500.00',
      isv: '2806.62',
      iva: '0.00',
      ivaApplies: false,
      transport: '2000.00',
      registration: '340.00',
      total: '29646.62',
      missing: [],
      invalid: [],
    });
  });

  it('after the last published tables, use the latest ones and carry the warning the panel shows', () => {
    const later = panelFigures(bmw, initialInputs(bmw), PUBLISHED_DEFAULTS, '2027-03-01');
    expect(later.breakdown).toMatchObject({ tableVersion: '2024', pendingTables: { year: 2027, usingYear: 2026 } });
    expect(later.isv).not.toBeNull();
    expect(figures(bmw).breakdown?.pendingTables).toBeNull();
  });

  it('add IVA on (price + ISV) for a car with at most 6000 km', () => {
    const f = figures({ ...bmw, mileageKm: 5000 });
    expect(f).toMatchObject({ ivaApplies: true, isv: '2806.62', iva: '6280.52', total: '35927.14' });
  });

  it('follow the edited CO2, cycle and first registration', () => {
    // Diesel WLTP 121-130 g/km: 125 x 78.89 - 9398.78 = 462.47 (Tabela A, 2026) instead of 350.05.
    const higher = figures(bmw, { co2: '125' });
    expect(higher.breakdown?.environmentalComponent).toBeGreaterThan(350.05);
    expect(Number(higher.isv)).toBeGreaterThan(2806.62);
    expect(figures(bmw, { cycle: 'nedc' }).breakdown?.co2Cycle).toBe('nedc');
    // One year younger: more than 4 up to 5 years -> 43% instead of 52%.
    expect(figures(bmw, { firstRegistration: '03/2022' }).breakdown?.ageReductionPercent).toBe(43);
  });

  it('say what is missing or unreadable instead of inventing a tax', () => {
    expect(figures(bmw, { co2: '' })).toMatchObject({ isv: null, total: null, missing: ['co2'] });
    expect(figures(bmw, { co2: 'abc' })).toMatchObject({ isv: null, invalid: ['co2'] });
    expect(figures(bmw, { firstRegistration: '13/2021' }).invalid).toEqual(['firstRegistration']);
    expect(figures({ ...bmw, price: null })).toMatchObject({ isv: '2806.62', total: null, missing: ['price'] });
  });

  it('apply the plug-in rate with a typed electric range (25% under 50 g/km and from 50 km)', () => {
    const plugin: ListingData = { ...bmw, fuel: 'petrol_hybrid', plugin: true, co2: 40, engineCc: 1998 };
    expect(figures(plugin).breakdown?.intermediateRatePercent).toBe(100);
    const f = figures(plugin, { rangeKm: '60' });
    expect(f.hybridRule).toBe('plugin');
    expect(f.breakdown?.intermediateRatePercent).toBe(25);
  });

  it('give an electric car no ISV and no need for CO2', () => {
    const f = figures({ ...bmw, fuel: 'electric', co2: null, engineCc: null });
    expect(f).toMatchObject({ isv: '0.00', total: '26840.00', missing: [] });
  });

  it('are the proposal editor figures for every saved listing fixture', () => {
    const pages: [string, string, string][] = [
      ['as24-de-net-reduced', as24De, 'https://www.autoscout24.de/angebote/x'],
      ['mobile-de-rsc-net', mobileRsc, 'https://suchen.mobile.de/fahrzeuge/details.html?id=1'],
      ['mobile-de-legacy', mobileLegacy, 'https://suchen.mobile.de/fahrzeuge/details.html?id=2'],
      ['standvirtual-iva', standvirtual, 'https://www.standvirtual.com/carros/anuncio/x.html'],
    ];
    for (const [name, html, url] of pages) {
      const outcome = parseListing(html, url);
      if (!outcome.ok) throw new Error(`${name} did not parse`);
      const f = figures(outcome.data);
      const editor = computeProposalCosts(proposalFromListing(outcome.data, [], url), DECLARED);
      expect({ name, isv: f.isv, iva: f.iva, total: f.total }).toEqual({
        name,
        isv: editor.isvCost,
        iva: editor.ivaCost,
        total: editor.totalCost,
      });
    }
  });
});

describe('typed fields', () => {
  it('read first registrations in the usual forms', () => {
    expect(normaliseFirstRegistration('3/2021')).toBe('03/2021');
    expect(normaliseFirstRegistration('2021-03')).toBe('03/2021');
    expect(normaliseFirstRegistration('')).toBeNull();
    expect(normaliseFirstRegistration('2021')).toBeUndefined();
  });
  it('read CO2 with a decimal comma', () => {
    expect(readCo2('119,4')).toBe(119);
    expect(readCo2(' ')).toBeNull();
    expect(readCo2('12a')).toBeUndefined();
  });
  it('read CO2 and range through the shared typed-number parser (ADR 052)', () => {
    expect(readCo2('119 g/km')).toBe(119);
    expect(readCo2('119.6')).toBe(120);
    // Two decimal marks or a thousands mark cannot be a CO2 figure: refused, never 1196.
    expect(readCo2('1.196')).toBeUndefined();
    expect(readCo2('119,45')).toBeUndefined();
    expect(readRangeKm('60')).toBe(60);
    expect(readRangeKm('1.050 km')).toBe(1050);
    expect(readRangeKm('60,5')).toBeUndefined();
    expect(readRangeKm('')).toBeNull();
  });
  it('names a range it cannot read, with the parser message in the panel language, and leaves it out', () => {
    const plugin: ListingData = { ...bmw, fuel: 'petrol_hybrid', plugin: true, co2: 40, engineCc: 1998 };
    const pt = figures(plugin, { rangeKm: '60,5' });
    expect(pt.invalid).toEqual(['rangeKm']);
    expect(pt.messages.rangeKm).toBe('Escreva um número inteiro');
    expect(pt.breakdown?.intermediateRatePercent ?? null).toBe(
      figures(plugin, { rangeKm: '' }).breakdown?.intermediateRatePercent ?? null,
    );
    const en = panelFigures(plugin, { ...initialInputs(plugin), co2: '4o' }, PUBLISHED_DEFAULTS, DECLARED, 'en');
    expect(en.invalid).toEqual(['co2']);
    expect(en.messages.co2).toBe('Type a number, e.g. 1234,56 or 1 234.56');
  });
});

describe('a listing priced in zloty (ADR 055)', () => {
  const pln: ListingData = { ...bmw, currency: 'PLN', price: '104477.00' };
  const connected: PanelDefaults = {
    ...PUBLISHED_DEFAULTS,
    source: 'back_office',
    rates: [{ currency: 'PLN', eurPerUnit: '0.2345', rateDate: '2026-03-10' }],
  };

  it('without the back office there is no rate: no euro price, no total, and the rate is asked for', () => {
    const f = figures(pln);
    expect(initialInputs(pln).rate).toBe('');
    expect(f).toMatchObject({
      price: null,
      total: null,
      missing: ['rate'],
      foreign: { listed: '104477.00', currency: 'PLN', rate: null, euros: null },
    });
  });

  it('converts at the back office rate exactly as the editor and the server do', () => {
    const f = panelFigures(pln, initialInputs(pln, connected), connected, DECLARED);
    expect(f.foreign).toEqual({ listed: '104477.00', currency: 'PLN', rate: '0.2345', euros: '24499.86' });
    const editor = computeProposalCosts(
      { ...proposalFromListing(pln, [], ''), vehiclePrice: euroPrice('104477.00', '0.2345') },
      DECLARED,
    );
    expect({ isv: f.isv, iva: f.iva, total: f.total }).toEqual({
      isv: editor.isvCost,
      iva: editor.ivaCost,
      total: editor.totalCost,
    });
  });

  it('reads a typed rate with a decimal comma, and says when a rate cannot be read', () => {
    expect(figures(pln, { rate: '0,25' }).foreign?.euros).toBe('26119.25');
    expect(figures(pln, { rate: 'abc' })).toMatchObject({ invalid: ['rate'], total: null });
  });

  it('the panel sends the rate it shows, dated by the table when it is the table rate', () => {
    expect(captureRate(pln, '0.2345', connected)).toEqual({ exchangeRate: '0.2345', exchangeRateDate: '2026-03-10' });
    expect(captureRate(pln, '0,25', connected).exchangeRate).toBe('0.25');
    expect(captureRate(pln, '', connected)).toEqual({});
  });
});
