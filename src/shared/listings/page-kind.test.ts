import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseListing } from './parse-listing.ts';
import type { BlockProtection, NotListingKind } from './types.ts';

const dir = new URL('./fixtures/refused/', import.meta.url);
const page = (file: string) => readFileSync(new URL(file, dir), 'utf8');

// Pages that are not one car, per marketplace (docs/listings.md section 1): [file, address, kind, cars].
const NOT_LISTINGS: [string, string, NotListingKind, number | null][] = [
  ['as24-de-search.html', 'https://www.autoscout24.de/lst/bmw/x5', 'search_results', 20],
  ['as24-nl-search.html', 'https://www.autoscout24.nl/lst/volkswagen/golf?atype=C', 'search_results', 20],
  ['as24-de-dealer.html', 'https://www.autoscout24.de/haendler/autohaus-nord', 'dealer_stock', 7],
  ['as24-it-removed.html', 'https://www.autoscout24.it/annunci/fiat-500-1-0-hybrid-0a1b', 'removed', null],
  ['as24-de-removed-status.html', 'https://www.autoscout24.de/angebote/bmw-320d-x', 'removed', null],
  ['as24-fr-home.html', 'https://www.autoscout24.fr/', 'home', null],
  ['as24-be-compare.html', 'https://www.autoscout24.be/fr/comparer?ids=1,2', 'comparison', null],
  ['mobile-de-search.html', 'https://suchen.mobile.de/fahrzeuge/search.html?ms=3500%3B20', 'search_results', 20],
  ['mobile-de-dealer.html', 'https://home.mobile.de/AUTOHAUSNORD#ses', 'dealer_stock', null],
  ['mobile-de-removed.html', 'https://suchen.mobile.de/fahrzeuge/details.html?id=412345678', 'removed', null],
  ['mobile-de-home.html', 'https://www.mobile.de/', 'home', null],
  ['mobile-de-parking.html', 'https://suchen.mobile.de/fahrzeuge/vergleich?id=1&id=2', 'comparison', null],
  ['standvirtual-search.html', 'https://www.standvirtual.com/carros/bmw/x5', 'search_results', 32],
  ['standvirtual-dealer.html', 'https://autonorte.standvirtual.com/', 'dealer_stock', 12],
  ['standvirtual-removed.html', 'https://www.standvirtual.com/carros/anuncio/bmw-320d-ID8PaB1d.html', 'removed', null],
  ['standvirtual-home.html', 'https://www.standvirtual.com/', 'home', null],
  ['otomoto-search.html', 'https://www.otomoto.pl/osobowe/skoda/octavia', 'search_results', 32],
  ['otomoto-dealer.html', 'https://autokomis-krakow.otomoto.pl/', 'dealer_stock', 15],
  ['otomoto-removed.html', 'https://www.otomoto.pl/osobowe/oferta/skoda-octavia-ID6Gx1.html', 'removed', null],
  ['autovit-search.html', 'https://www.autovit.ro/autoturisme/dacia/logan', 'search_results', 32],
  ['autovit-home.html', 'https://www.autovit.ro/', 'home', null],
  ['generic-stock-list.html', 'https://www.stand-exemplo.pt/viaturas', 'search_results', 12],
  ['generic-contact.html', 'https://www.stand-exemplo.pt/contactos', 'other', null],
];

const BLOCKED: [string, string, BlockProtection][] = [
  ['block-as24-datadome-nl.html', 'https://www.autoscout24.nl/aanbod/x', 'datadome'],
  ['block-mobile-de-script-challenge.html', 'https://suchen.mobile.de/fahrzeuge/details.html?id=1', 'script_challenge'],
  ['block-otomoto-captcha.html', 'https://www.otomoto.pl/osobowe/oferta/x.html', 'captcha'],
  ['block-autovit-cloudfront.html', 'https://www.autovit.ro/autoturisme/anunt/x.html', 'cloudfront'],
  ['block-generic-cloudflare.html', 'https://www.stand-exemplo.pt/viaturas/1', 'cloudflare'],
];

describe('pages that are not one car are refused, saying what they are', () => {
  it.each(NOT_LISTINGS)('%s (%s) -> %s', (file, url, kind, cars) => {
    expect(parseListing(page(file), url)).toEqual({ ok: false, reason: 'not_a_listing', kind, cars });
  });

  it('a saved list page under another address is refused by its canonical link or its structure', () => {
    for (const file of [
      'as24-de-search.html',
      'as24-nl-search.html',
      'standvirtual-search.html',
      'mobile-de-search.html',
    ])
      expect(parseListing(page(file), 'http://127.0.0.1:4567/saved'), file).toMatchObject({
        ok: false,
        kind: 'search_results',
      });
    expect(parseListing(page('otomoto-search.html'), 'file:///tmp/otomoto.html')).toMatchObject({
      kind: 'search_results',
      cars: 32,
    });
  });
});

describe('bot walls and challenges are refused as blocked, naming the protection', () => {
  it.each(BLOCKED)('%s -> %s', (file, url, protection) => {
    expect(parseListing(page(file), url)).toEqual({ ok: false, reason: 'blocked', protection });
  });
});

describe('the corpus', () => {
  it('every refused page has a case', () => {
    const covered = new Set([...NOT_LISTINGS, ...BLOCKED].map(([file]) => file));
    expect(readdirSync(dir).filter((f) => !covered.has(f))).toEqual([]);
  });
});
