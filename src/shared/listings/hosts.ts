import type { Marketplace } from './types.ts';

const AUTOSCOUT24_TLDS = ['de', 'at', 'it', 'fr', 'nl', 'be', 'lu', 'es', 'pt', 'com', 'pl', 'se'] as const;
const AUTOSCOUT24_DOMAINS = AUTOSCOUT24_TLDS.map((tld) => `autoscout24.${tld}`);

/**
 * Hosts whose listing pages we parse (docs/listings.md sections 2-4). autoscout24.ch is another
 * platform (SMG, Akamai) and is not parsed, so it is not here; autovit.ro is the otomoto platform.
 */
export const LISTING_PAGE_DOMAINS: readonly string[] = [
  'mobile.de',
  ...AUTOSCOUT24_DOMAINS,
  'standvirtual.com',
  'otomoto.pl',
  'autovit.ro',
];

/** Image CDNs of those marketplaces, the only photo hosts besides the pages' (docs/listings.md section 7). */
export const LISTING_IMAGE_DOMAINS: readonly string[] = [
  'img.classistatic.de',
  'prod.pictures.autoscout24.net',
  'ireland.apollo.olxcdn.com',
];

/** Exact host or a subdomain of one of `domains`; case-insensitive, trailing dot ignored, never a substring match. */
export function hostMatches(hostname: string, domains: readonly string[]): boolean {
  const host = asciiHost(hostname);
  if (!host) return false;
  return domains.some((d) => {
    const domain = asciiHost(d);
    return domain !== null && (host === domain || host.endsWith(`.${domain}`));
  });
}

/** Lower case, no trailing dot, internationalised names in their ASCII (IDNA) form; null when not a host name. */
function asciiHost(name: string): string | null {
  // Only a bare name: 'x@mobile.de' or 'evil.example/mobile.de' would otherwise parse to another host.
  if (typeof name !== 'string' || !name.trim() || /[\s/\\@:?#[\]]/.test(name.trim())) return null;
  try {
    return new URL(`https://${name.trim()}/`).hostname.replace(/\.$/, '') || null;
  } catch {
    return null;
  }
}

/** The marketplace of an http(s) URL, or null when it is not one we parse. */
export function marketplaceOf(url: string): Marketplace | null {
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    host = parsed.hostname;
  } catch {
    return null;
  }
  if (hostMatches(host, ['mobile.de'])) return 'mobile.de';
  if (hostMatches(host, AUTOSCOUT24_DOMAINS)) return 'autoscout24';
  if (hostMatches(host, ['standvirtual.com'])) return 'standvirtual';
  if (hostMatches(host, ['otomoto.pl', 'autovit.ro'])) return 'otomoto';
  return null;
}
