import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectBlockPage } from './block-page.ts';
import { parseListing } from './parse-listing.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const FIXTURES = readdirSync(new URL('./fixtures/', import.meta.url)).filter((f) => f.endsWith('.html'));

describe('block pages are reported, not parsed', () => {
  it.each([
    ['block-akamai-mobile-de.html', 'https://suchen.mobile.de/fahrzeuge/details.html?id=1', 'akamai'],
    ['block-datadome-as24.html', 'https://www.autoscout24.de/angebote/x', 'datadome'],
    ['block-cloudfront-standvirtual.html', 'https://www.standvirtual.com/carros/anuncio/x.html', 'cloudfront'],
  ] as const)('%s -> %s', (file, url, protection) => {
    expect(parseListing(fixture(file), url)).toEqual({ ok: false, reason: 'blocked', protection });
    expect(detectBlockPage(fixture(file), 403)).toBe(protection);
  });

  it('recognizes Akamai edge denials, bare denials and a 403 without markers', () => {
    const edge =
      '<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY><H1>Access Denied</H1>You don\'t have permission to access "http://suchen.mobile.de/" on this server.<P>Reference #18.5c3e1002.1700000000.1a2b3c</BODY></HTML>';
    expect(detectBlockPage(edge)).toBe('akamai');
    expect(detectBlockPage('<html><head><title>Zugriff verweigert</title></head><body></body></html>')).toBe('unknown');
    // mobile.de's plain denial names both languages in an h1 and has no title.
    expect(
      detectBlockPage(
        '<html>\n<body>\n<h1>Zugriff verweigert / Access denied</h1>\n<pre>Leider koennen wir Ihnen keinen Zugriff gewaehren.</pre></body></html>',
      ),
    ).toBe('unknown');
    expect(detectBlockPage('<html><body>IP-Bereich vorübergehend gesperrt</body></html>')).toBe('unknown');
    expect(detectBlockPage('<html><body>Too many requests</body></html>', 429)).toBe('unknown');
  });

  it('does not flag ordinary listing pages, even large ones that name the bot manager', () => {
    for (const file of FIXTURES.filter((f) => !f.startsWith('block-')))
      expect(detectBlockPage(fixture(file)), file).toBeNull();
    const csp = '<meta http-equiv="Content-Security-Policy" content="frame-src https://geo.captcha-delivery.com">';
    const big = fixture('as24-de-net-reduced.html').replace('<head>', `<head>${csp}<!-- ${'x'.repeat(60_000)} -->`);
    expect(detectBlockPage(big)).toBeNull();
    expect(parseListing(big, 'https://www.autoscout24.de/angebote/x').ok).toBe(true);
  });
});
