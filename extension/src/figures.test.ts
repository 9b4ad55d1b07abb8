import { describe, expect, it } from 'vitest';
import as24De from '#shared/listings/fixtures/as24-de-net-reduced.html?raw';
import mobileLegacy from '#shared/listings/fixtures/mobile-de-legacy.html?raw';
import mobileRsc from '#shared/listings/fixtures/mobile-de-rsc-net.html?raw';
import standvirtual from '#shared/listings/fixtures/standvirtual-iva.html?raw';
import { parseListing } from '#shared/listings/parse-listing.ts';
import type { ListingData } from '#shared/listings/types.ts';
import { computeProposalCosts } from '#shared/proposals/costs.ts';
import { proposalFromListing } from '#shared/proposals/draft.ts';
import {
  initialInputs,
  normaliseFirstRegistration,
  panelFigures,
  PUBLISHED_DEFAULTS,
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
});
