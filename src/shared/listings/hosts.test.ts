import { describe, expect, it } from 'vitest';
import { hostMatches, LISTING_IMAGE_DOMAINS, LISTING_PAGE_DOMAINS, marketplaceOf } from './hosts.ts';

describe('hostMatches: exact host or dot-suffix, never a substring', () => {
  it.each([
    ['mobile.de', true],
    ['suchen.mobile.de', true],
    ['m.mobile.de', true],
    ['SUCHEN.Mobile.DE', true],
    ['suchen.mobile.de.', true],
    ['www.autoscout24.pt', true],
    ['www.standvirtual.com', true],
    ['www.otomoto.pl', true],
    ['mobile.de.evil.example', false],
    ['evilmobile.de', false],
    ['mobile.de-evil.com', false],
    ['notstandvirtual.com', false],
    ['autoscout24.ch', false],
    ['autoscout24.de.attacker.net', false],
    ['', false],
    ['.', false],
  ])('%s -> %s', (host, expected) => expect(hostMatches(host, LISTING_PAGE_DOMAINS)).toBe(expected));

  it('takes only bare host names, in their IDNA form', () => {
    for (const odd of [
      'x@mobile.de',
      'evil.example/mobile.de',
      'evil.example?mobile.de',
      'evil.example#.mobile.de',
      'mobile.de:443',
      ' ',
      '[::1]',
    ]) {
      expect(hostMatches(odd, LISTING_PAGE_DOMAINS), odd).toBe(false);
    }
    expect(hostMatches('xn--bcher-kva.example', ['bücher.example'])).toBe(true);
    expect(hostMatches('Shop.BÜCHER.example.', ['bücher.example'])).toBe(true);
  });

  it('covers the image CDNs', () => {
    expect(hostMatches('img.classistatic.de', LISTING_IMAGE_DOMAINS)).toBe(true);
    expect(hostMatches('prod.pictures.autoscout24.net', LISTING_IMAGE_DOMAINS)).toBe(true);
    expect(hostMatches('ireland.apollo.olxcdn.com', LISTING_IMAGE_DOMAINS)).toBe(true);
    expect(hostMatches('classistatic.de.evil.example', LISTING_IMAGE_DOMAINS)).toBe(false);
    expect(hostMatches('img.classistatic.de', [])).toBe(false);
  });

  it('lists every AutoScout24 EU site (docs/listings.md section 3)', () => {
    for (const tld of ['de', 'at', 'it', 'fr', 'nl', 'be', 'lu', 'es', 'pt', 'com'])
      expect(LISTING_PAGE_DOMAINS).toContain(`autoscout24.${tld}`);
  });
});

describe('marketplaceOf', () => {
  it.each([
    ['https://suchen.mobile.de/fahrzeuge/details.html?id=461901295', 'mobile.de'],
    ['https://www.mobile.de/nl/voertuigen/details.html?id=1', 'mobile.de'],
    ['https://www.autoscout24.de/angebote/bmw-x5-6b1c2f1e-4a7d-4d4b-9a51-0c3f1e2d7a10', 'autoscout24'],
    ['https://www.autoscout24.be/nl/aanbod/x', 'autoscout24'],
    ['http://www.autoscout24.com/offers/x', 'autoscout24'],
    ['https://www.standvirtual.com/carros/anuncio/x-ID8PaB1c.html', 'standvirtual'],
    ['https://www.otomoto.pl/osobowe/oferta/x.html', 'otomoto'],
    ['https://www.autovit.ro/autoturisme/anunt/x.html', 'otomoto'],
  ])('%s -> %s', (url, expected) => expect(marketplaceOf(url)).toBe(expected));

  it.each([
    ['https://mobile.de.evil.example/details.html'],
    ['https://evilmobile.de/'],
    ['https://www.autoscout24.ch/de/d/x-123'],
    ['https://example.com/?u=mobile.de'],
    ['ftp://mobile.de/x'],
    ['javascript:alert(1)'],
    ['not a url'],
    [''],
  ])('%s -> null', (url) => expect(marketplaceOf(url)).toBeNull());
});
