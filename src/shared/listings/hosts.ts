import type { Marketplace } from './types.ts';

const AUTOSCOUT24_TLDS = ['de', 'at', 'it', 'fr', 'nl', 'be', 'lu', 'es', 'pt', 'com', 'pl', 'se'] as const;
const AUTOSCOUT24_DOMAINS = AUTOSCOUT24_TLDS.map((tld) => `autoscout24.${tld}`);

/**
 * Hosts whose listing pages we parse (listings.md §1-§3). autoscout24.ch is another platform
 * (SMG, Akamai) and is not parsed, so it is not here; autovit.ro is the otomoto platform.
 */
export const LISTING_PAGE_DOMAINS: readonly string[] = ['mobile.de', ...AUTOSCOUT24_DOMAINS, 'standvirtual.com', 'otomoto.pl', 'autovit.ro'];

/** Image CDNs of those marketplaces (listings.md §1.6, §2.3, §3.3). */
export const LISTING_IMAGE_DOMAINS: readonly string[] = ['img.classistatic.de', 'prod.pictures.autoscout24.net', 'ireland.apollo.olxcdn.com'];

/** Exact host or a subdomain of one of `domains`; case-insensitive, trailing dot ignored, never a substring match. */
export function hostMatches(hostname: string, domains: readonly string[]): boolean {
  if (typeof hostname !== 'string') return false;
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (!host) return false;
  return domains.some((d) => {
    const domain = d.toLowerCase().replace(/\.$/, '');
    return domain !== '' && (host === domain || host.endsWith(`.${domain}`));
  });
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
