import type { BlockProtection, ListingData, Marketplace, ParseOutcome } from './types.ts';
import { parseAutoscout24 } from './autoscout24.ts';
import { parseGeneric } from './generic.ts';
import { metaContent, pageTitle, parseAttributes } from './html-scripts.ts';
import { marketplaceOf } from './hosts.ts';
import { parseMobileDe } from './mobile-de.ts';
import { parseStandvirtual } from './standvirtual.ts';

const PARSERS: Record<Exclude<Marketplace, 'generic'>, (html: string, url: string) => ListingData | null> = {
  autoscout24: (html) => parseAutoscout24(html),
  'mobile.de': (html) => parseMobileDe(html),
  standvirtual: (html, url) => parseStandvirtual(html, url, 'standvirtual'),
  otomoto: (html, url) => parseStandvirtual(html, url, 'otomoto'),
};

/**
 * Car data from a saved or fetched listing page. Block pages are recognized first; then the
 * parser of the URL's marketplace, then the generic parser (JSON-LD, Open Graph) for unknown hosts
 * or when the marketplace parser finds nothing (the data keeps the known marketplace). Never throws.
 */
export function parseListing(html: string, url: string): ParseOutcome {
  try {
    if (typeof html !== 'string' || html.trim() === '') return { ok: false, reason: 'not_a_listing' };
    const protection = detectBlockPage(html);
    if (protection) return { ok: false, reason: 'blocked', protection };
    const marketplace = typeof url === 'string' ? marketplaceOf(url) : null;
    const pageUrl = typeof url === 'string' ? url : '';
    const specific =
      marketplace && marketplace !== 'generic' ? PARSERS[marketplace](html, pageUrl) : sniffMarketplace(html, pageUrl);
    const data = specific
      ? withPageMetadata(specific, html, pageUrl)
      : parseGeneric(html, pageUrl, marketplace ?? 'generic');
    return data ? { ok: true, data } : { ok: false, reason: 'not_a_listing' };
  } catch {
    return { ok: false, reason: 'not_a_listing' };
  }
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
 * server): the page's own structure says which marketplace it is. Each parser needs its own
 * embedded data, so at most one of them finds a car.
 */
function sniffMarketplace(html: string, url: string): ListingData | null {
  // A saved page names its own address (canonical link, og:url): that picks the parser and is the page URL.
  const own = ownUrl(html);
  const ownMarketplace = own ? marketplaceOf(own) : null;
  if (own && ownMarketplace && ownMarketplace !== 'generic') {
    const data = PARSERS[ownMarketplace](html, own);
    if (data) return data;
  }
  if (html.includes('listingDetails')) return PARSERS.autoscout24(html, url);
  if (/__next_f\.push|__INITIAL_STATE__/.test(html)) {
    const mobile = PARSERS['mobile.de'](html, url);
    if (mobile) return mobile;
  }
  if (/"advert"\s*:/.test(html)) return PARSERS.standvirtual(html, url);
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

/** A page this large that carries app state is a real page, whatever scripts it mentions. */
const REAL_PAGE_MIN_LENGTH = 50_000;
const APP_STATE = /__NEXT_DATA__|__next_f\.push|__INITIAL_STATE__/;
const DENIED_TITLE =
  /access denied|zugriff verweigert|acc[eè]s refus[eé]|acceso denegado|accesso negato|toegang geweigerd|acesso negado|forbidden|request blocked|attention required|just a moment|pardon our interruption/i;

/**
 * Anti-bot challenge or denial pages (docs/listings.md section 6). Markers: Akamai
 * `sec-if-cpt-container` / edgesuite "Reference #"; DataDome `captcha-delivery`; CloudFront "The
 * request could not be satisfied" / "Generated by cloudfront". A small page titled "Access denied"
 * (or with a 403/429 status) without a vendor marker is 'unknown'. Null for an ordinary page.
 */
export function detectBlockPage(html: string, status?: number): BlockProtection | null {
  if (typeof html !== 'string') return status === 403 || status === 429 ? 'unknown' : null;
  // Big pages with app state are listings even when they load a bot-manager script or name its hosts in a CSP.
  if (html.length > REAL_PAGE_MIN_LENGTH && APP_STATE.test(html)) return null;
  const head = html.length > 300_000 ? html.slice(0, 300_000) : html;
  if (
    /captcha-delivery\.com|geo\.captcha-delivery|['"]captcha-delivery['"]|datadome captcha|dd=\{[^}]*'rt'\s*:\s*'[ci]'/i.test(
      head,
    )
  )
    return 'datadome';
  if (/id=["']?sec-if-cpt-container|sec-cpt-if|errors\.edgesuite\.net|\/_sec\/cp_challenge\//i.test(head))
    return 'akamai';
  if (/the request could not be satisfied|generated by cloudfront|cloudfront \(cloudfront\)/i.test(head))
    return 'cloudfront';
  const title = pageTitle(head) ?? '';
  const small = html.length < 20_000;
  if (small && (DENIED_TITLE.test(title) || /<h1[^>]*>\s*(access denied|zugriff verweigert)/i.test(head))) {
    return /reference\s*#\s*[\d.a-f]+|akamai/i.test(head) ? 'akamai' : 'unknown';
  }
  if (small && /ip-bereich vor(ü|&uuml;|ue)bergehend gesperrt/i.test(head)) return 'unknown';
  if ((status === 403 || status === 429) && !APP_STATE.test(html)) return 'unknown';
  return null;
}
