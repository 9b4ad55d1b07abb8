import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseListing } from './parse-listing.ts';
import { euroNormOf, factsFromRows, gearboxOf, particleFilterIn, sellerTypeOf, yesNo } from './vehicle-facts.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('euroNormOf', () => {
  it.each([
    ['Euro6d', 'Euro 6d'],
    ['EURO 6D-TEMP', 'Euro 6d-TEMP'],
    ['Euro 6d-ISC-FCM', 'Euro 6d'],
    ['euro-6', 'Euro 6'],
    ['Euro 6e-bis', 'Euro 6e-bis'],
    ['Euro 5', 'Euro 5'],
    ['Schadstoffklasse Euro4', 'Euro 4'],
  ])('%s -> %s', (text, norm) => expect(euroNormOf(text)).toBe(norm));
  it.each(['Euro 95', 'Euro 9', '', 'E10', null, 42])('%s is no norm', (text) => expect(euroNormOf(text)).toBeNull());
});

describe('gearboxOf', () => {
  it.each([
    ['Automatik', 'auto'],
    ['Halbautomatik', 'auto'],
    ['Automatique', 'auto'],
    ['Automática', 'auto'],
    ['Automatyczna', 'auto'],
    ['automatic', 'auto'],
    ['Schaltgetriebe', 'manual'],
    ['Handgeschakeld', 'manual'],
    ['Boîte manuelle', 'manual'],
    ['Manualna', 'manual'],
    ['Manuală', 'manual'],
  ])('%s -> %s', (text, gearbox) => expect(gearboxOf(text)).toBe(gearbox));
  // otomoto's `transmission` parameter is the driven axle, not the gearbox.
  it.each(['Na przednie koła', 'front-wheel', '', null])('%s is no gearbox', (text) =>
    expect(gearboxOf(text)).toBeNull(),
  );
});

describe('sellerTypeOf', () => {
  it.each([
    ['Dealer', 'dealer'],
    ['DEALER', 'dealer'],
    ['Händler', 'dealer'],
    ['PROFESSIONAL', 'dealer'],
    ['business', 'dealer'],
    ['Private', 'private'],
    ['FSBO', 'private'],
    ['Privatanbieter', 'private'],
    ['Particular', 'private'],
    ['Osoba prywatna', 'private'],
  ])('%s -> %s', (text, type) => expect(sellerTypeOf(text)).toBe(type));
  it.each(['Autohaus Muster', '', null])('%s says nothing', (text) => expect(sellerTypeOf(text)).toBeNull());
});

describe('particle filter', () => {
  it('is named by equipment in any language, never inferred from silence', () => {
    expect(particleFilterIn(['Navi', 'Partikelfilter'])).toBe(true);
    expect(particleFilterIn(['Filtre à particules (FAP)'])).toBe(true);
    expect(particleFilterIn(['Filtr cząstek stałych'])).toBe(true);
    expect(particleFilterIn(['Filtro de partículas'])).toBe(true);
    expect(particleFilterIn(['Navigationssystem', 'Panorama-Dach'])).toBeNull();
    expect(particleFilterIn(['ohne Partikelfilter'])).toBeNull();
  });
  it('a row named after the filter says yes or no', () => {
    expect(factsFromRows([['Partikelfilter', 'Nein']]).particleFilter).toBe(false);
    expect(factsFromRows([['Partikelfilter', 'Ja']]).particleFilter).toBe(true);
    expect(yesNo('Sim')).toBe(true);
    expect(yesNo('maybe')).toBeNull();
  });
  it('reads the norm and gearbox from their own rows only', () => {
    expect(
      factsFromRows([
        ['Schadstoffklasse', 'Euro6d'],
        ['Getriebe', 'Automatik'],
      ]),
    ).toEqual({
      euroNorm: 'Euro 6d',
      gearbox: 'auto',
      particleFilter: null,
    });
    // A consumption row mentioning a fuel grade is no norm; a model name is no gearbox.
    expect(
      factsFromRows([
        ['Kraftstoff', 'Super E10 (Euro 95)'],
        ['Modell', 'Manual Sport'],
      ]),
    ).toEqual({
      euroNorm: null,
      gearbox: null,
      particleFilter: null,
    });
  });
});

/** What each marketplace reader takes from its pages (docs/listings.md section 12). */
describe('each reader on its fixture pages', () => {
  const facts = (file: string, url: string) => {
    const outcome = parseListing(fixture(file), url);
    if (!outcome.ok) throw new Error(`${file} was refused`);
    const { euroNorm, particleFilter, gearbox, sellerType } = outcome.data;
    return { euroNorm, particleFilter, gearbox, sellerType };
  };
  it.each([
    [
      'as24-de-net-reduced.html',
      'https://www.autoscout24.de/angebote/x',
      { euroNorm: 'Euro 6d', particleFilter: true, gearbox: 'auto', sellerType: 'dealer' },
    ],
    [
      'as24-nl-no-net.html',
      'https://www.autoscout24.nl/aanbod/x',
      { euroNorm: 'Euro 6d-TEMP', particleFilter: null, gearbox: 'manual', sellerType: 'private' },
    ],
    [
      'mobile-de-rsc-net.html',
      'https://suchen.mobile.de/fahrzeuge/details.html?id=461901295',
      { euroNorm: 'Euro 6d', particleFilter: true, gearbox: 'auto', sellerType: 'dealer' },
    ],
    [
      'mobile-de-rsc-no-co2.html',
      'https://suchen.mobile.de/fahrzeuge/details.html?id=1',
      { euroNorm: null, particleFilter: null, gearbox: null, sellerType: 'private' },
    ],
    [
      'mobile-de-dom-labels-fr.html',
      'https://suchen.mobile.de/fahrzeuge/details.html?id=463000444',
      { euroNorm: 'Euro 6', particleFilter: true, gearbox: 'manual', sellerType: null },
    ],
    [
      'mobile-de-legacy.html',
      'https://suchen.mobile.de/fahrzeuge/details.html?id=2',
      { euroNorm: null, particleFilter: null, gearbox: null, sellerType: 'dealer' },
    ],
    [
      'standvirtual-iva.html',
      'https://www.standvirtual.com/carros/anuncio/x',
      { euroNorm: null, particleFilter: null, gearbox: 'auto', sellerType: 'dealer' },
    ],
    [
      'standvirtual-electric.html',
      'https://www.standvirtual.com/carros/anuncio/y',
      { euroNorm: null, particleFilter: null, gearbox: null, sellerType: 'private' },
    ],
    [
      'otomoto.html',
      'https://www.otomoto.pl/osobowe/oferta/skoda-octavia-ID6Fabc1.html',
      { euroNorm: 'Euro 6', particleFilter: true, gearbox: 'manual', sellerType: 'dealer' },
    ],
    [
      'generic-jsonld-car.html',
      'https://www.autoexemplo.pt/carros/308',
      { euroNorm: null, particleFilter: null, gearbox: null, sellerType: 'dealer' },
    ],
  ])('%s', (file, url, expected) => expect(facts(file, url)).toEqual(expected));
});
