import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseListing } from './parse-listing.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const FIXTURES = readdirSync(new URL('./fixtures/', import.meta.url)).filter((f) => f.endsWith('.html'));

describe('garbage never throws', () => {
  it.each([
    [''],
    ['   '],
    ['<html></html>'],
    ['not html at all'],
    ['<script id="__NEXT_DATA__" type="application/json">{"props":</script>'],
    ['<script>self.__next_f.push([1,"1e:{\\"listing\\":{\\"make\\":"])</script>'],
    ['<script>window.__INITIAL_STATE__ = {"search":{"vip":</script>'],
    ['<script type="application/ld+json">{"@type":"Car"</script>'],
    [
      '<html><head><title>mobile.de – Deutschlands größter Fahrzeugmarkt</title><script type="application/ld+json">{"@type":"Organization","name":"mobile.de"}</script></head></html>',
    ],
    ['<meta property="og:title" content="Kontakt | Autohaus">'],
  ])('%j -> not_a_listing', (html) => {
    for (const url of [
      'https://suchen.mobile.de/x',
      'https://www.autoscout24.de/angebote/x',
      'https://www.standvirtual.com/x',
      'https://example.com/x',
      'nonsense',
    ]) {
      expect(parseListing(html, url)).toMatchObject({ ok: false, reason: 'not_a_listing' });
    }
  });

  // (mobile-de-rsc-net.html is left out: its body keeps a rendered spec row, which the DOM fallback reads.)
  it('a truncated page body without its head is not a listing', () => {
    for (const file of [
      'as24-de-net-reduced.html',
      'standvirtual-iva.html',
      'mobile-de-rsc-no-co2.html',
      'mobile-de-legacy.html',
    ]) {
      const html = fixture(file);
      const body = html.slice(html.indexOf('<body>'));
      expect(
        parseListing(body.slice(0, Math.floor(body.length * 0.7)), 'https://suchen.mobile.de/x'),
        file,
      ).toMatchObject({
        ok: false,
        reason: 'not_a_listing',
      });
    }
  });

  it('any prefix of any fixture gives a well-formed outcome', () => {
    for (const file of FIXTURES) {
      const html = fixture(file);
      for (let cut = 0; cut <= html.length; cut += 97) {
        const outcome = parseListing(html.slice(0, cut), 'https://www.autoscout24.de/angebote/x');
        expect(['blocked', 'not_a_listing', undefined]).toContain(outcome.ok ? undefined : outcome.reason);
      }
    }
  });

  it('random input never throws', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 400 }),
        fc.constantFrom('https://suchen.mobile.de/x', 'https://www.otomoto.pl/x', 'https://a.example/'),
        (s, url) => {
          const html = `<script id="__NEXT_DATA__">${s}</script><script>self.__next_f.push([1,"${s}"])</script>${s}`;
          expect(() => parseListing(html, url)).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
    expect(parseListing(null as unknown as string, 'x')).toMatchObject({ ok: false, reason: 'not_a_listing' });
    expect(parseListing('<html></html>', undefined as unknown as string)).toMatchObject({
      ok: false,
      reason: 'not_a_listing',
    });
  });
});
