import type { ListingData, Marketplace, NotListingKind, ParseOutcome } from './types.ts';
import { parseAutoscout24 } from './autoscout24.ts';
import { detectBlockPage } from './block-page.ts';
import { jsonLdCarCount, parseGeneric } from './generic.ts';
import { findScripts, metaContent, nextData, parseAttributes } from './html-scripts.ts';
import { marketplaceOf } from './hosts.ts';
import { parseMobileDe } from './mobile-de.ts';
import { classifyPage, notFoundKind } from './page-kind.ts';
import { parseStandvirtual } from './standvirtual.ts';
import { isRecord, pathGet } from './text.ts';

type ListedMarketplace = Exclude<Marketplace, 'generic'>;

const PARSERS: Record<ListedMarketplace, (html: string, url: string) => ListingData | null> = {
  autoscout24: (html) => parseAutoscout24(html),
  'mobile.de': (html) => parseMobileDe(html),
  standvirtual: (html, url) => parseStandvirtual(html, url, 'standvirtual'),
  otomoto: (html, url) => parseStandvirtual(html, url, 'otomoto'),
};

/**
 * Car data from a saved or fetched listing page, or a refusal saying what the page is
 * (docs/listings.md section 1). Block pages first; then the page's marketplace (its host, else its own
 * canonical address, else its structure) and that marketplace's own signals decide whether it is one
 * advert, a list or a gone advert; only then does a parser read it. The generic parser (JSON-LD, Open
 * Graph) reads only a page that shows one car, and says it guessed. Never throws.
 */
export function parseListing(html: string, url: string): ParseOutcome {
  try {
    if (typeof html !== 'string' || html.trim() === '') return refusal('other');
    const protection = detectBlockPage(html);
    if (protection) return { ok: false, reason: 'blocked', protection };
    const pageUrl = typeof url === 'string' ? url : '';
    const byHost = pageUrl ? marketplaceOf(pageUrl) : null;
    const scripts = findScripts(html);
    const data = nextData(html, scripts);
    const known = byHost && byHost !== 'generic' ? { marketplace: byHost, url: pageUrl } : sniffMarketplace(html, data);
    if (known) {
      const page = classifyPage(known.marketplace, html, known.url, data, scripts);
      if (page.kind === 'not_listing') return refusal(page.what, page.cars);
      const specific = PARSERS[known.marketplace](html, known.url ?? pageUrl);
      if (specific) return { ok: true, data: withPageMetadata(specific, html, known.url ?? pageUrl) };
      // A marketplace page without its advert that says the advert is gone is not guessed from.
      if (notFoundKind(html) === 'removed') return refusal('removed');
    }
    return guess(html, pageUrl, byHost ?? 'generic');
  } catch {
    return refusal('other');
  }
}

const refusal = (kind: NotListingKind, cars: number | null = null): ParseOutcome => ({
  ok: false,
  reason: 'not_a_listing',
  kind,
  cars,
});

/** The generic parser, only on a page that shows at most one car; its answer is a guess. */
function guess(html: string, url: string, marketplace: Marketplace): ParseOutcome {
  const cars = jsonLdCarCount(html);
  if (cars > 1) return refusal('search_results', cars);
  const data = parseGeneric(html, url, marketplace);
  return data ? { ok: true, data, guessed: true } : refusal(notFoundKind(html));
}

/**
 * The page data read by a marketplace parser may lack what the page says elsewhere (a mobile.de
 * advert object without make, seller or gallery, seen on real pages): a vehicle JSON-LD node or Open
 * Graph fills those fields only, never one the page data set.
 */
function withPageMetadata(data: ListingData, html: string, url: string): ListingData {
  if (data.brand && data.model && data.sellerName && data.country && data.imageUrls.length > 0) return data;
  const meta = parseGeneric(html, url, data.marketplace);
  if (!meta) return data;
  const brandAgrees = !data.brand || !meta.brand || data.brand.toLowerCase() === meta.brand.toLowerCase();
  return {
    ...data,
    brand: data.brand ?? meta.brand,
    model: data.model ?? (brandAgrees ? meta.model : null),
    sellerName: data.sellerName ?? meta.sellerName,
    country: data.country ?? meta.country,
    imageUrls: data.imageUrls.length > 0 ? data.imageUrls : meta.imageUrls,
  };
}

/**
 * An unknown host (pasted source under another address, a shortened link, the test fixture
 * server): the page's own address (canonical link, og:url) names the marketplace and is the page
 * URL; failing that, the page's structure does, with no address to read signals from.
 */
function sniffMarketplace(html: string, data: unknown): { marketplace: ListedMarketplace; url: string | null } | null {
  const own = ownUrl(html);
  const ownMarketplace = own ? marketplaceOf(own) : null;
  if (own && ownMarketplace && ownMarketplace !== 'generic') return { marketplace: ownMarketplace, url: own };
  const pageProps = pathGet(data, 'props', 'pageProps') ?? pathGet(data, 'pageProps');
  if (isRecord(pageProps)) {
    if ('listingDetails' in pageProps || Array.isArray(pageProps.listings))
      return { marketplace: 'autoscout24', url: null };
    if ('advert' in pageProps || 'urqlState' in pageProps) return { marketplace: 'standvirtual', url: null };
  }
  if (/__next_f\.push|__INITIAL_STATE__/.test(html)) return { marketplace: 'mobile.de', url: null };
  if (html.includes('listingDetails')) return { marketplace: 'autoscout24', url: null };
  if (/"advert"\s*:/.test(html)) return { marketplace: 'standvirtual', url: null };
  return null;
}

/** The page's own absolute address: `<link rel="canonical">`, else og:url. */
function ownUrl(html: string): string | null {
  const head = html.length > 400_000 ? html.slice(0, 400_000) : html;
  const re = /<link\b([^>]*)>/gi;
  for (let m = re.exec(head); m; m = re.exec(head)) {
    const attrs = parseAttributes(m[1] ?? '');
    if ((attrs.rel ?? '').toLowerCase().split(/\s+/).includes('canonical') && /^https?:\/\//i.test(attrs.href ?? ''))
      return attrs.href!;
  }
  const og = metaContent(head, 'og:url');
  return og && /^https?:\/\//i.test(og) ? og : null;
}
