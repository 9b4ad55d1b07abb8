/**
 * POST /api/scrape-vehicle-data: read a marketplace listing (ADR 013). The page is fetched by the
 * safe fetcher (marketplace hosts only, public addresses only) or pasted by staff when the
 * marketplace refuses automatic reads; the same parsers run on both.
 */
import { LISTING_PAGE_DOMAINS, hostMatches } from '#shared/listings/hosts.ts';
import { detectBlockPage } from '#shared/listings/block-page.ts';
import { parseListing } from '#shared/listings/parse-listing.ts';
import { refusalText, type Refusal } from '#shared/listings/refusal-text.ts';
import type { BlockProtection, NotListingKind } from '#shared/listings/types.ts';
import type { ScrapeResponse } from '#shared/schemas/proposals.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { ListingPageFetcher } from '#server/integrations/listings/marketplace-fetch.ts';
import { SafeFetchError, type SafeFetchErrorCode } from '#server/lib/safe-fetch-error.ts';

export const UNSUPPORTED_SITE =
  'Only mobile.de, AutoScout24 and Standvirtual listings can be read automatically. For another site, paste the page source.';
/** English, then Portuguese on its own line: the refusal as staff and customers' languages say it. */
const bothLanguages = (refusal: Refusal) => `${refusalText(refusal, 'en')}\n${refusalText(refusal, 'pt')}`;

export const blockedError = (protection: BlockProtection) =>
  new AppError('LISTING_BLOCKED', bothLanguages({ reason: 'blocked', protection }));

/** A page that is not one car: its own code, the message naming what the page is (docs/listings.md section 1). */
export const notAListingError = (kind: NotListingKind, cars: number | null) =>
  new AppError('NOT_A_LISTING', bothLanguages({ reason: 'not_a_listing', kind, cars }));

const FETCH_MESSAGES: Partial<Record<SafeFetchErrorCode, string>> = {
  invalid_url: 'Enter a valid URL',
  scheme_not_allowed: 'Only https:// listing addresses can be read',
  credentials_in_url: 'A listing address cannot contain a user name or password',
  port_not_allowed: 'A listing address cannot name a port',
  host_not_allowed: UNSUPPORTED_SITE,
  private_address: 'This address does not lead to a public marketplace',
  dns_failed: 'The marketplace could not be found (DNS). Check the address.',
  too_many_redirects: 'The marketplace redirected too many times',
  timeout: 'The marketplace did not answer within 10 seconds. Try again, or paste the page source.',
  too_large: 'The listing page is larger than 5 MB',
  unsupported_content_type: 'The address does not lead to a web page',
  network_error: 'The marketplace could not be reached. Try again, or paste the page source.',
};

function fetchFailure(err: SafeFetchError): AppError {
  if (err.code === 'http_error') {
    const protection = err.body ? detectBlockPage(err.body.toString('utf8'), err.status) : null;
    if (protection || err.status === 403 || err.status === 429) return blockedError(protection ?? 'unknown');
    if (err.status === 404 || err.status === 410) return notAListingError('removed', null);
    return new AppError(
      'BAD_GATEWAY',
      `The marketplace answered with an error (${err.status}). Try again, or paste the page source.`,
    );
  }
  const message = FETCH_MESSAGES[err.code] ?? 'The marketplace could not be read';
  const validation = [
    'invalid_url',
    'scheme_not_allowed',
    'credentials_in_url',
    'port_not_allowed',
    'host_not_allowed',
    'private_address',
  ].includes(err.code);
  return validation ? new AppError('VALIDATION', message, { url: message }) : new AppError('BAD_GATEWAY', message);
}

export function createListingScraper(deps: { fetcher: ListingPageFetcher; testOrigin?: string }) {
  // The fetcher checks again (and every redirect); this answers early with the plain message.
  const isAllowed = (url: URL) =>
    (url.protocol === 'https:' && hostMatches(url.hostname, LISTING_PAGE_DOMAINS)) ||
    (!!deps.testOrigin && url.origin === deps.testOrigin);

  // The parsers upgrade photo links to https; the loopback fixture server only speaks http.
  const testHttps = deps.testOrigin?.replace(/^http:/, 'https:');
  const fromTestOrigin = (urls: string[]) =>
    testHttps
      ? urls.map((u) => (u.startsWith(`${testHttps}/`) ? deps.testOrigin + u.slice(testHttps.length) : u))
      : urls;

  return {
    async scrape(input: { url: string; html?: string }): Promise<ScrapeResponse> {
      const url = new URL(input.url);
      let html = input.html;
      let sourceUrl = url.toString();
      if (html === undefined || html.trim() === '') {
        if (!isAllowed(url)) throw new AppError('VALIDATION', UNSUPPORTED_SITE, { url: UNSUPPORTED_SITE });
        try {
          const page = await deps.fetcher.fetchPage(sourceUrl);
          html = page.body;
          sourceUrl = page.finalUrl;
        } catch (err) {
          if (err instanceof SafeFetchError) throw fetchFailure(err);
          throw err;
        }
      }
      const outcome = parseListing(html, sourceUrl);
      if (!outcome.ok) {
        if (outcome.reason === 'blocked') throw blockedError(outcome.protection);
        throw notAListingError(outcome.kind, outcome.cars);
      }
      const { imageUrls, ...carData } = outcome.data;
      return { carData, imageUrls: fromTestOrigin(imageUrls), sourceUrl, guessed: outcome.guessed === true };
    },
  };
}

export type ListingScraper = ReturnType<typeof createListingScraper>;
