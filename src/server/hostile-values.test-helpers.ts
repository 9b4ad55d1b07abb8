// Hostile-but-valid values and the links that are not web links, for the hostile-values tests.
import { wellFormed } from '#shared/text.ts';

export const NOW = new Date('2026-03-15T10:00:00Z');

/** Accents, emoji (surrogate pairs), quotes, markup, '|', a backslash, a tab and a lone surrogate. */
export const NASTY = 'Çãoü ß 🚗🇵🇹 "q" \'s\' <b>&amp;</b> | \\ \t fim \uD83D';

/** Exactly `max` UTF-16 units of hostile text (what the contracts count), never ending inside an emoji pair. */
export function fill(max: number): string {
  let s = '';
  while (s.length < max) s += 'Ção🚗 |\uDC00';
  s = s.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(s) ? `${s.slice(0, -1)}x` : s;
}

/** What a text field reads back as: trimmed, lone surrogates replaced by U+FFFD. */
export const stored = (s: string) => wellFormed(s).trim();

/** Listing links with accents, spaces and '|', as marketplaces and staff paste them, and their stored form. */
export const LINKS: [string, string][] = [
  [
    'https://www.standvirtual.com/carros/anuncio/citroën-c3-ID8PQx.html',
    'https://www.standvirtual.com/carros/anuncio/citro%C3%ABn-c3-ID8PQx.html',
  ],
  ['https://www.mobile.de/auto-inserat/vw golf|gti/1.html', 'https://www.mobile.de/auto-inserat/vw%20golf|gti/1.html'],
  ['www.autoscout24.de/angebote/bmw-320-ä?x=ü|y', 'https://www.autoscout24.de/angebote/bmw-320-%C3%A4?x=%C3%BC|y'],
];

export const NOT_WEB_LINKS = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(document.cookie)',
  'javascript://%0aalert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'https://www.mobile.de@evil.example/',
];
