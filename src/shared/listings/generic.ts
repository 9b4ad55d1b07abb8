// Any other site (and the fallback when a marketplace parser finds nothing): a schema.org
// Vehicle/Car/Product+Offer in JSON-LD, else the Open Graph tags.
import type { ListingData, Marketplace } from './types.ts';
import { fuelFromText } from './fuel.ts';
import { decodeEntities, findScripts, jsonLdBlocks, metaContent, metaContents, pageTitle } from './html-scripts.ts';
import { imageList } from './images.ts';
import { co2CycleFor, emptyListing, hasCarData, makeFromTitle } from './listing-data.ts';
import { currencyOf } from './money.ts';
import {
  hpFromKw,
  kwFromHp,
  parseCo2,
  parseDecimal,
  parseEngineCc,
  parseInteger,
  parseMonthYear,
  parsePower,
  parsePrice,
} from './numbers.ts';
import { cleanText, countryCode, isRecord } from './text.ts';
import { euroNormOf, gearboxOf } from './vehicle-facts.ts';

type Node = Record<string, unknown>;

const VEHICLE_TYPES = new Set(['car', 'vehicle', 'motorvehicle', 'motorizedbicycle', 'busorcoach', 'motorcycle']);

const typesOf = (n: Node): string[] =>
  (Array.isArray(n['@type']) ? n['@type'] : [n['@type']])
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.toLowerCase().replace(/^.*[/:]/, ''));
const isVehicle = (n: Node) => typesOf(n).some((t) => VEHICLE_TYPES.has(t));
const isProduct = (n: Node) => typesOf(n).includes('product');

export function parseGeneric(html: string, url: string, marketplace: Marketplace = 'generic'): ListingData | null {
  return fromJsonLd(html, url, marketplace) ?? fromOpenGraph(html, url, marketplace);
}

/**
 * How many cars the page's JSON-LD describes: vehicle nodes, products with an offer, or the items of
 * an ItemList/OfferCatalog. More than one means a list page, which the generic parser never reads.
 */
export function jsonLdCarCount(html: string): number {
  const nodes = allNodes(jsonLdBlocks(findScripts(html)));
  const cars = nodes.filter((n) => isVehicle(n) || (isProduct(n) && n.offers !== undefined));
  // A Product and the Car it wraps (offers.itemOffered) are one car.
  const wrapped = cars.filter((n) => cars.some((p) => p !== n && isProduct(p) && pathOffered(p) === n)).length;
  const lists = nodes
    .filter((n) => typesOf(n).some((t) => t === 'itemlist' || t === 'offercatalog'))
    .map((n) => {
      const items = Array.isArray(n.itemListElement) ? n.itemListElement.filter(isRecord) : [];
      const carItems = items.filter((i) => {
        const item = isRecord(i.item) ? i.item : i;
        return isVehicle(item) || isProduct(item) || typesOf(item).includes('offer');
      });
      return carItems.length;
    });
  return Math.max(cars.length - wrapped, ...lists, 0);
}

function pathOffered(product: Node): unknown {
  const offers = Array.isArray(product.offers) ? product.offers[0] : product.offers;
  return isRecord(offers) ? offers.itemOffered : undefined;
}

/** Every node of the JSON-LD blocks: @graph entries, arrays, and nested objects (offers.itemOffered…). */
function allNodes(blocks: unknown[]): Node[] {
  const out: Node[] = [];
  const stack = [...blocks];
  while (stack.length > 0 && out.length < 5_000) {
    const v = stack.shift();
    if (Array.isArray(v)) stack.push(...v);
    else if (isRecord(v)) {
      out.push(v);
      for (const child of Object.values(v)) if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return out;
}

function fromJsonLd(html: string, url: string, marketplace: Marketplace): ListingData | null {
  const nodes = allNodes(jsonLdBlocks(findScripts(html)));
  const vehicle = nodes.find(isVehicle);
  const product = nodes.find((n) => isProduct(n) && n.offers !== undefined);
  const car = vehicle ?? product;
  if (!car) return null;
  // A Product may wrap the car as offers.itemOffered, or the car may carry the offer itself.
  const offers = [car.offers, product?.offers].flatMap((o) => (Array.isArray(o) ? o : o ? [o] : [])).filter(isRecord);
  const offer = offers[0] ?? null;

  const out = emptyListing(marketplace);
  const name = text(car.name) ?? text(product?.name);
  out.brand =
    nameOf(car.brand) ?? nameOf(car.manufacturer) ?? nameOf(product?.brand) ?? makeFromTitle(name)?.brand ?? null;
  out.model = nameOf(car.model) ?? (out.brand && name ? makeFromTitle(name)?.rest.split(/\s+/)[0] || null : null);
  out.submodel = text(car.vehicleConfiguration);
  out.mileageKm = mileageOf(car.mileageFromOdometer);

  const engines = (Array.isArray(car.vehicleEngine) ? car.vehicleEngine : [car.vehicleEngine]).filter(isRecord);
  const engine = engines[0] ?? {};
  out.engineCc = displacementOf(engine.engineDisplacement ?? car.engineDisplacement);
  const power = powerOf(engine.enginePower ?? car.enginePower);
  out.powerKw = power?.kw ?? null;
  out.powerHp = power?.hp ?? null;

  const fuel = fuelFromText(nameOf(car.fuelType) ?? nameOf(engine.fuelType));
  out.fuel = fuel?.fuel ?? null;
  out.hybrid = fuel?.hybrid ?? false;
  out.plugin = fuel?.plugin ?? false;

  out.firstRegistration = parseMonthYear(cleanText(car.dateVehicleFirstRegistered) ?? '');
  out.co2 = parseCo2(valueOf(car.emissionsCO2));
  out.co2Cycle = co2CycleFor(out.co2, out.firstRegistration);

  if (offer) {
    const specs = (
      Array.isArray(offer.priceSpecification) ? offer.priceSpecification : [offer.priceSpecification]
    ).filter(isRecord);
    const grossSpec = specs.find((s) => s.valueAddedTaxIncluded !== false);
    const netSpec = specs.find((s) => s.valueAddedTaxIncluded === false);
    out.price = positive(parsePrice(offer.price ?? offer.lowPrice ?? grossSpec?.price));
    out.currency = out.price ? (cleanText(offer.priceCurrency) ?? cleanText(grossSpec?.priceCurrency)) : null;
    out.priceWithoutVat = positive(parsePrice(netSpec?.price));
    const seller = offer.seller ?? offer.offeredBy ?? car.seller;
    out.sellerName = nameOf(seller);
    out.sellerType = sellerTypeOfNode(seller);
    out.country = countryOf(seller) ?? countryOf(offer.availableAtOrFrom) ?? countryOf(offer.areaServed);
    if (!out.priceWithoutVat && offer.valueAddedTaxIncluded === false) out.priceWithoutVat = out.price;
  }
  out.country ??= countryOf(car);
  out.gearbox = gearboxOf(nameOf(car.vehicleTransmission));
  out.euroNorm = euroNormOf(nameOf(car.meetsEmissionStandard));
  out.imageUrls = imageList(collectImages(car.image ?? product?.image), url);
  if (out.imageUrls.length === 0) out.imageUrls = imageList(metaContents(html, 'og:image'), url);
  return hasCarData(out) ? out : null;
}

/** schema.org seller: a Person is private; an AutoDealer or other business is a dealer. */
function sellerTypeOfNode(seller: unknown): ListingData['sellerType'] {
  const types = isRecord(seller) ? [seller['@type']].flat().map(String) : [];
  if (types.includes('Person')) return 'private';
  return types.some((t) => /dealer|business|organization|store|automotive/i.test(t)) ? 'dealer' : null;
}

const positive = (price: string | null): string | null => (price !== null && Number(price) > 1 ? price : null);
// JSON-LD is not entity-decoded by browsers, but sites often write '&amp;' into it.
const text = (v: unknown): string | null => {
  const s = cleanText(v);
  return s === null ? null : decodeEntities(s);
};
const nameOf = (v: unknown): string | null => (isRecord(v) ? text(v.name) : text(v));
const valueOf = (v: unknown): unknown => (isRecord(v) ? v.value : v);

function collectImages(v: unknown): unknown[] {
  if (Array.isArray(v)) return v.flatMap(collectImages);
  if (isRecord(v)) return [v.contentUrl ?? v.url];
  return v === undefined ? [] : [v];
}

function countryOf(v: unknown): string | null {
  if (!isRecord(v)) return null;
  const address = isRecord(v.address) ? v.address : v;
  const c = address.addressCountry;
  return countryCode(isRecord(c) ? c.name : c);
}

/** QuantitativeValue with unitCode KMT (km) or SMI (miles), or a text "85.714 km". */
function mileageOf(v: unknown): number | null {
  const n = parseDecimal(valueOf(v));
  if (n === null) return null;
  const unit = isRecord(v) ? String(v.unitCode ?? v.unitText ?? '').toUpperCase() : '';
  return Math.round(unit === 'SMI' || unit === 'MI' || unit === 'MILES' ? n * 1.609344 : n);
}

/** unitCode CMQ (cm³) or LTR (litres); text handled by parseEngineCc. */
function displacementOf(v: unknown): number | null {
  const raw = valueOf(v);
  const unit = isRecord(v) ? String(v.unitCode ?? v.unitText ?? '').toUpperCase() : '';
  if (unit === 'LTR' || unit === 'L') {
    const litres = parseDecimal(raw);
    return litres !== null && litres > 0 ? Math.round(litres * 1000) : null;
  }
  return parseEngineCc(raw);
}

/** unitCode KWT (kW), BHP or N12 (PS); several values may be listed. */
function powerOf(v: unknown): { kw: number; hp: number } | null {
  const list = (Array.isArray(v) ? v : [v]).filter((x) => x !== undefined && x !== null);
  let kw: number | null = null;
  let hp: number | null = null;
  for (const item of list) {
    if (!isRecord(item)) {
      const p = parsePower(typeof item === 'string' ? item : '');
      if (p) return p;
      continue;
    }
    const n = parseDecimal(item.value);
    const unit = String(item.unitCode ?? item.unitText ?? '').toUpperCase();
    if (n === null) continue;
    if (unit === 'KWT' || unit === 'KW') kw ??= Math.round(n);
    else if (['BHP', 'N12', 'HP', 'PS', 'CV'].includes(unit)) hp ??= Math.round(n);
  }
  if (kw !== null) return { kw, hp: hp ?? hpFromKw(kw) };
  if (hp !== null) return { kw: kwFromHp(hp), hp };
  return null;
}

/**
 * Open Graph only: make (and the word after it as model) from og:title, price from
 * product:price:amount / og:price:amount, mileage from a "… km" in og:description. A page whose
 * title names no known make and that has no price is not a listing.
 */
function fromOpenGraph(html: string, url: string, marketplace: Marketplace): ListingData | null {
  const title = metaContent(html, 'og:title') ?? pageTitle(html);
  const fromTitle = makeFromTitle(title);
  if (!fromTitle) return null;
  const out = emptyListing(marketplace);
  out.brand = fromTitle.brand;
  const modelWord = fromTitle.rest.split(/[\s,|–-]+/)[0] ?? '';
  out.model = /^[\p{L}\d][\p{L}\d.+]*$/u.test(modelWord) && !/^\d{4}$/.test(modelWord) ? modelWord : null;
  const priceText = metaContent(html, 'product:price:amount') ?? metaContent(html, 'og:price:amount');
  out.price = positive(parsePrice(priceText));
  out.currency = out.price
    ? (metaContent(html, 'product:price:currency') ?? metaContent(html, 'og:price:currency') ?? currencyOf(priceText))
    : null;
  const description = metaContent(html, 'og:description') ?? '';
  const km = /(\d{1,3}(?:[.,\s\u00a0\u202f]\d{3})+|\d+)\s*km\b/i.exec(`${title ?? ''} ${description}`);
  out.mileageKm = km ? parseInteger(km[1]) : null;
  out.imageUrls = imageList(metaContents(html, 'og:image'), url);
  return out;
}
