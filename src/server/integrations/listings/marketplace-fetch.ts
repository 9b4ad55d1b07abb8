/**
 * The real adapters behind the proposals module's ports: listing pages and listing photos read
 * through the SSRF-safe fetcher, limited to the marketplaces' own hosts (listings.md section 7).
 */
import { LISTING_IMAGE_DOMAINS, LISTING_PAGE_DOMAINS } from '#shared/listings/hosts.ts';
import { PROPOSAL_LIMITS } from '#shared/schemas/proposals.ts';
import { downloadPhotos } from '#server/modules/media/photo-import.ts';
import type { PhotoDownloader } from '#server/modules/proposals/proposal-photos.ts';
import type { ListingPageFetcher } from '#server/modules/proposals/scrape-vehicle.ts';
import { BROWSER_HEADERS, safeFetch } from './safe-fetch.ts';

export const PAGE_TIMEOUT_MS = 10_000;
export const PHOTO_TIMEOUT_MS = 15_000;

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

export function createPhotoDownloader(opts: MarketplaceFetchOptions = {}): PhotoDownloader {
  return {
    download: (urls) =>
      downloadPhotos(urls, {
        allowedDomains: [...LISTING_IMAGE_DOMAINS, ...LISTING_PAGE_DOMAINS],
        timeoutMs: PHOTO_TIMEOUT_MS,
        headers: BROWSER_HEADERS,
        testOrigin: opts.testOrigin,
      }),
  };
}
