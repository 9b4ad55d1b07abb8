import { describe, expect, it } from 'vitest';
import { normaliseWebLink, settingLink } from './links.ts';

describe('the one link rule', () => {
  it.each([
    [
      'https://www.standvirtual.com/carros/anuncio/citroën-c3-ID1.html',
      'https://www.standvirtual.com/carros/anuncio/citro%C3%ABn-c3-ID1.html',
    ],
    ['https://x.pt/a b', 'https://x.pt/a%20b'],
    ['https://x.pt/a|b', 'https://x.pt/a|b'],
    ['  HTTPS://WWW.Mobile.DE/x?q=é  ', 'https://www.mobile.de/x?q=%C3%A9'],
    ['www.mobile.de/auto-inserat/a/1.html', 'https://www.mobile.de/auto-inserat/a/1.html'],
    ['http://127.0.0.1:8080/x', 'http://127.0.0.1:8080/x'],
    ['https://bücher.de/🚗', 'https://xn--bcher-kva.de/%F0%9F%9A%97'],
  ])('keeps %s as %s', (input, href) => {
    expect(normaliseWebLink(input)).toBe(href);
    // Normalising is stable: what is stored reads back as itself.
    expect(normaliseWebLink(href)).toBe(href);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript://%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:a@b.pt',
    'file:///etc/passwd',
    'ftp://x.pt/a',
    'https://www.mobile.de@evil.example/',
    'https://user:pass@x.pt/',
    'https://',
    '/relative/path',
    '//evil.example/x',
    'http://x .pt/',
    '',
    '   ',
  ])('refuses %j', (input) => {
    expect(normaliseWebLink(input)).toBeNull();
  });
});

describe('links held by settings', () => {
  it('keeps web addresses, normalised, and (when asked) paths on this site', () => {
    expect(settingLink(' https://antigo.example.pt ')).toBe('https://antigo.example.pt/');
    expect(settingLink('/logo.png', { sitePath: true })).toBe('/logo.png');
    expect(settingLink('')).toBe('');
  });

  it('reads anything else as not set', () => {
    expect(settingLink('javascript:alert(1)')).toBe('');
    expect(settingLink('/logo.png')).toBe('');
    expect(settingLink('//evil.example/x.png', { sitePath: true })).toBe('');
    expect(settingLink('/\\evil.example', { sitePath: true })).toBe('');
  });
});
