// What a marketplace page is, from its own signals, before any parser reads it (docs/listings.md section 1).
import type { Marketplace, NotListingKind } from './types.ts';
import { parseJson, parseJsonAt, stripTags, type ScriptElement } from './html-scripts.ts';
import { isRecord, pathGet } from './text.ts';

/** `undecided`: the page gives no signal either way; the marketplace parser may still find its advert. */
export type PageClass =
  { kind: 'listing' } | { kind: 'not_listing'; what: NotListingKind; cars: number | null } | { kind: 'undecided' };

const LISTING: PageClass = { kind: 'listing' };
const UNDECIDED: PageClass = { kind: 'undecided' };
const notListing = (what: NotListingKind, cars: number | null = null): PageClass => ({
  kind: 'not_listing',
  what,
  cars: cars !== null && cars > 0 ? cars : null,
});

/** Advert states that mean the car is no longer offered on the page. */
const GONE_STATUS = /expired|inactive|deleted|removed|outdated|closed|archived|sold|moderat|blocked/i;
/** Comparison pages on every supported site, in their languages. */
const COMPARISON_PATH =
  /\/(vergleich|fahrzeugvergleich|compare|comparer|comparateur|confronta|vergelijk|comparar|porownaj|jamfor|compara)\b/i;
/** Dealer pages of AutoScout24's EU sites. */
const AS24_DEALER_PATH =
  /^\/(haendler|h%c3%a4ndler|dealer|dealers|concessionari|concessionnaire|concessionnaires|concesionario|concesionarios|stands|bedrijven|autobedrijven|handlarze|bilhandlare)(\/|$)/i;
const AS24_LISTING_PATH =
  /^\/(angebote|offers|aanbod|annunci|offerta|ofertas|anuncios|annonces|erbjudanden|oferty|details)\//i;
const OLX_LISTING_PATH = /\/(anuncio|oferta|anunt)\//i;
const OLX_DEALER_PATH = /^\/(vendedor|vendedores|dealer|dealers|sprzedawca|dealeri|stand|profil|uzytkownik)(\/|$)/i;

interface Url {
  host: string;
  path: string;
}

function urlParts(url: string | null): Url | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    return { host: u.hostname.toLowerCase().replace(/\.$/, ''), path: u.pathname.replace(/\/+$/, '') || '/' };
  } catch {
    return null;
  }
}

const isHomePath = (path: string) => /^\/([a-z]{2}(-[a-z]{2})?)?$/i.test(path);
const arrayLength = (v: unknown): number | null => (Array.isArray(v) ? v.length : null);
const positiveNumber = (v: unknown): number | null => (typeof v === 'number' && v > 0 ? v : null);

/**
 * The page's class for one marketplace. `url` is the page's own address when known (the request URL
 * on a marketplace host, else its canonical link), `data` its parsed __NEXT_DATA__.
 */
export function classifyPage(
  marketplace: Marketplace,
  html: string,
  url: string | null,
  data: unknown,
  scripts: ScriptElement[],
): PageClass {
  const u = urlParts(url);
  if (u && COMPARISON_PATH.test(u.path)) return notListing('comparison');
  switch (marketplace) {
    case 'autoscout24':
      return classifyAutoscout24(u, data);
    case 'mobile.de':
      return classifyMobileDe(u, scripts);
    case 'standvirtual':
    case 'otomoto':
      return classifyOlx(u, data);
    default:
      return UNDECIDED;
  }
}

function classifyAutoscout24(u: Url | null, data: unknown): PageClass {
  const pageProps = pathGet(data, 'props', 'pageProps') ?? pathGet(data, 'pageProps');
  const details = pathGet(pageProps, 'listingDetails') ?? pathGet(pageProps, 'listing');
  if (isRecord(details) && isRecord(details.vehicle)) {
    return typeof details.status === 'string' && GONE_STATUS.test(details.status) ? notListing('removed') : LISTING;
  }
  const listings = pathGet(pageProps, 'listings');
  if (Array.isArray(listings)) {
    const cars = listings.length || positiveNumber(pathGet(pageProps, 'numberOfResults'));
    const dealer =
      (u && AS24_DEALER_PATH.test(u.path)) ||
      ['dealerInfoPage', 'dealerInfo', 'dealer', 'customerInfo'].some((k) => isRecord(pathGet(pageProps, k)));
    return notListing(dealer ? 'dealer_stock' : 'search_results', cars);
  }
  const route = pathGet(data, 'page');
  const statusCode = pathGet(pageProps, 'statusCode');
  if (
    route === '/404' ||
    route === '/_error' ||
    statusCode === 404 ||
    statusCode === 410 ||
    pathGet(pageProps, 'isExpired') === true
  )
    return notListing('removed');
  if (!u) return UNDECIDED;
  if (/^\/lst(-moto)?(\/|$)/i.test(u.path)) return notListing('search_results');
  if (AS24_DEALER_PATH.test(u.path)) return notListing('dealer_stock');
  if (isHomePath(u.path)) return notListing('home');
  // On an advert's own address without its page data, the advert is gone (AutoScout24 keeps the address).
  if (AS24_LISTING_PATH.test(u.path) && isRecord(pageProps)) return notListing('removed');
  return UNDECIDED;
}

/** mobile.de's older page state (`window.__INITIAL_STATE__`). */
function initialState(scripts: ScriptElement[]): unknown {
  for (const { content } of scripts) {
    const m = /__INITIAL_STATE__\s*=\s*/.exec(content);
    if (!m) continue;
    const start = content.indexOf('{', m.index + m[0].length);
    if (start >= 0) return parseJsonAt(content, start);
  }
  return undefined;
}

function classifyMobileDe(u: Url | null, scripts: ScriptElement[]): PageClass {
  const state = initialState(scripts);
  const srp = pathGet(state, 'search', 'srp');
  const ads = pathGet(state, 'search', 'vip', 'ads');
  if (isRecord(ads) && Object.keys(ads).length > 0) return LISTING;
  if (isRecord(srp)) {
    const items =
      arrayLength(pathGet(srp, 'data', 'searchResults', 'items')) ??
      arrayLength(pathGet(srp, 'items')) ??
      positiveNumber(pathGet(srp, 'data', 'searchResults', 'numResultsTotal'));
    return notListing(u?.host.startsWith('home.') ? 'dealer_stock' : 'search_results', items);
  }
  if (!u) return UNDECIDED;
  if (/(^|\.)home\.mobile\.de$/.test(u.host)) return notListing('dealer_stock');
  if (/\/details\.html$|\/auto-inserat\//i.test(u.path)) return LISTING;
  if (/\/search\.html$|\/fahrzeuge\/search|^\/(auto|motorrad|[a-z]{2}\/auto)\//i.test(u.path))
    return notListing('search_results');
  if (/\/(parkplatz|parken)\b/i.test(u.path)) return notListing('comparison');
  if (isHomePath(u.path)) return notListing('home');
  return UNDECIDED;
}

/** Search results of the OLX sites: urqlState entries whose data is a JSON string with `advertSearch`. */
function olxSearch(pageProps: unknown): { edges: number | null; total: number | null } | null {
  const urql = pathGet(pageProps, 'urqlState');
  if (!isRecord(urql)) return null;
  for (const entry of Object.values(urql)) {
    const raw = pathGet(entry, 'data');
    const parsed = typeof raw === 'string' ? parseJson(raw) : raw;
    const search = pathGet(parsed, 'advertSearch');
    if (isRecord(search)) return { edges: arrayLength(search.edges), total: positiveNumber(search.totalCount) };
  }
  return null;
}

function classifyOlx(u: Url | null, data: unknown): PageClass {
  const pageProps = pathGet(data, 'props', 'pageProps') ?? pathGet(data, 'pageProps');
  const advert = pathGet(pageProps, 'advert');
  if (
    isRecord(advert) &&
    (isRecord(advert.parametersDict) || Array.isArray(advert.details) || isRecord(advert.price))
  ) {
    return typeof advert.status === 'string' && GONE_STATUS.test(advert.status) ? notListing('removed') : LISTING;
  }
  const dealerHost = !!u && !/^(www|m)\./.test(u.host) && u.host.split('.').length > 2;
  const dealer = dealerHost || (!!u && OLX_DEALER_PATH.test(u.path)) || isRecord(pathGet(pageProps, 'dealer'));
  const search = olxSearch(pageProps);
  if (search) return notListing(dealer ? 'dealer_stock' : 'search_results', search.edges || search.total);
  if (!u) return UNDECIDED;
  if (dealer) return notListing('dealer_stock');
  if (OLX_LISTING_PATH.test(u.path))
    return isRecord(pageProps) && 'advert' in pageProps ? notListing('removed') : UNDECIDED;
  if (isHomePath(u.path)) return notListing('home');
  if (/^\/(carros|osobowe|autoturisme|motos|motocykle|dostawcze|comerciais|camioane)(\/|$)/i.test(u.path))
    return notListing('search_results');
  return UNDECIDED;
}

/** "This advert is no longer available" in the sites' languages, for a page whose advert could not be read. */
const GONE_TEXT =
  /(nicht mehr verf(ü|ue)gbar|no longer available|has (been )?(expired|removed)|j(á|a) n(ã|a)o est(á|a) dispon(í|i)vel|foi removido|nie jest ju(ż|z) dost(ę|e)pne|zosta(ł|l)o zako(ń|n)czone|nu mai este disponibil|n'est plus disponible|ya no est(á|a) disponible|non (è|e) pi(ù|u) disponibile|niet meer beschikbaar|ist abgelaufen|wurde gel(ö|oe)scht)/i;

/** Why a page without a readable advert is not one: an advert that is gone, else nothing known. */
export function notFoundKind(html: string): NotListingKind {
  const body = html.length > 200_000 ? html.slice(0, 200_000) : html;
  return GONE_TEXT.test(stripTags(body.replace(/<script\b[\s\S]*?<\/script>/gi, ' '))) ? 'removed' : 'other';
}
