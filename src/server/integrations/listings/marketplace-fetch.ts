/**
 * The real adapters for reading marketplaces: listing pages and listing photos through the
 * SSRF-safe fetcher, limited to the marketplaces' own hosts (ADR 013). The ports they
 * implement are declared here, so modules depend on this integration and never the other way round.
 */
import { LISTING_IMAGE_DOMAINS, LISTING_PAGE_DOMAINS } from '#shared/listings/hosts.ts';
import { PROPOSAL_LIMITS } from '#shared/schemas/proposals.ts';
import { BROWSER_HEADERS, safeFetch, type SafeFetchOptions } from './safe-fetch.ts';

export const PAGE_TIMEOUT_MS = 10_000;
export const PHOTO_TIMEOUT_MS = 15_000;
/** A photo larger than this (decompressed) is refused while it downloads (the limit modules/media states). */
export const PHOTO_MAX_BYTES = PROPOSAL_LIMITS.maxPhotoBytes;

/** Port: a listing page (modules/proposals reads cars from it). */
export interface ListingPageFetcher {
  /** The page's HTML; throws SafeFetchError (with the body on HTTP errors, so block pages can be recognised). */
  fetchPage(url: string): Promise<{ status: number; body: string; finalUrl: string }>;
}

/** Port: one photo's bytes, as served (modules/media checks and re-encodes them). */
export interface PhotoFetcher {
  /** Throws SafeFetchError; the caller turns it into a message for that one photo. */
  fetchPhoto(url: string): Promise<Buffer>;
}

export interface MarketplaceFetchOptions {
  /** TEST ONLY (LISTING_FETCH_TEST_ORIGIN): a loopback fixture server allowed despite the rules. */
  testOrigin?: string;
}

export function createListingPageFetcher(opts: MarketplaceFetchOptions = {}): ListingPageFetcher {
  return {
    async fetchPage(url) {
      const res = await safeFetch(url, {
        allowedDomains: LISTING_PAGE_DOMAINS,
        accept: 'html',
        maxBytes: PROPOSAL_LIMITS.maxPageBytes,
        timeoutMs: PAGE_TIMEOUT_MS,
        headers: BROWSER_HEADERS,
        testOrigin: opts.testOrigin,
      });
      return { status: res.status, body: res.body.toString('utf8'), finalUrl: res.finalUrl };
    },
  };
}

/** Photos through safeFetch under the given rules: images only, at most PHOTO_MAX_BYTES each. */
export function createSafePhotoFetcher(options: Omit<SafeFetchOptions, 'accept' | 'maxBytes'>): PhotoFetcher {
  return {
    fetchPhoto: async (url) => (await safeFetch(url, { ...options, accept: 'image', maxBytes: PHOTO_MAX_BYTES })).body,
  };
}

/** Listing photos: from the marketplaces' image CDNs and page hosts. */
export function createPhotoFetcher(opts: MarketplaceFetchOptions = {}): PhotoFetcher {
  return createSafePhotoFetcher({
    allowedDomains: [...LISTING_IMAGE_DOMAINS, ...LISTING_PAGE_DOMAINS],
    timeoutMs: PHOTO_TIMEOUT_MS,
    headers: BROWSER_HEADERS,
    testOrigin: opts.testOrigin,
  });
}
