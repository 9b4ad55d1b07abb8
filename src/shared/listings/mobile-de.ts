// mobile.de (docs/listings.md section 2): App Router flight data holding "listing":{…} (or "ad":{…}),
// the legacy window.__INITIAL_STATE__ -> search.vip.ads.<key>.data.ad, and as a last resort the spec
// table rows (<dt data-testid="<tag>-item">label</dt><dd>value</dd>).
import type { ListingData } from './types.ts';
import { asHybrid, asPlugin, fuelFromMobileCode, fuelFromText, type FuelInfo } from './fuel.ts';
import {
  findScripts,
  flightPayload,
  labelledRows,
  metaContent,
  pageTitle,
  parseJsonAt,
  stripTags,
  type ScriptElement,
} from './html-scripts.ts';
import { imageList } from './images.ts';
import { co2CycleFor, co2LabelOf, emptyListing, hasCarData, makeFromTitle } from './listing-data.ts';
import { currencyOf } from './money.ts';
import { parseCo2, parseEngineCc, parseInteger, parseMonthYear, parsePower, parsePrice } from './numbers.ts';
import { cleanText, countryCode, isRecord, pathGet } from './text.ts';
import { LABEL_EXCLUDE, LABELS } from './mobile-de-labels.ts';
import { factsFromRows, particleFilterIn, sellerTypeOf, stringsIn } from './vehicle-facts.ts';

type Attributes = Map<string, string>;

export function parseMobileDe(html: string): ListingData | null {
  const scripts = findScripts(html);
  const listing = flightListing(html, scripts) ?? legacyAd(scripts);
  if (listing) {
    const data = fromListing(listing, html);
    if (data) return data;
  }
  return fromSpecTable(html);
}

/** Spec rows as the page data writes them: `{label, tag, value}`. */
const hasSpecRows = (o: Record<string, unknown>) =>
  Array.isArray(o.attributes) &&
  o.attributes.some((a) => isRecord(a) && typeof a.tag === 'string' && a.value !== undefined);

/**
 * An advert: a make or title with a price or spec rows, or spec rows with a price. Real flight
 * data may omit make/title from the object that carries the spec rows (seen on real pages), and
 * recommendation lists carry `{id, price}` objects without spec rows.
 */
const looksLikeListing = (o: Record<string, unknown>) =>
  ((o.make !== undefined || typeof o.title === 'string') && (isRecord(o.price) || Array.isArray(o.attributes))) ||
  (hasSpecRows(o) && (isRecord(o.price) || o.make !== undefined));

/** How much of an advert an object holds: the main advert beats a similar-ads teaser. */
const listingScore = (o: Record<string, unknown>) =>
  (Array.isArray(o.attributes) ? Math.min(o.attributes.length, 60) : 0) +
  (o.make !== undefined ? 5 : 0) +
  (isRecord(o.price) ? 3 : 0) +
  (Array.isArray(o.images) ? 2 : 0) +
  (isRecord(o.contact) ? 2 : 0);

/**
 * The `"listing":{…}` / `"ad":{…}` object in the flight payload that looks most like the page's
 * advert (the payload may also carry similar or recommended adverts under the same keys).
 */
function flightListing(html: string, scripts: ScriptElement[]): Record<string, unknown> | null {
  const payload = flightPayload(html, scripts);
  if (!payload) return null;
  const re = /"(?:listing|ad)"\s*:\s*\{/g;
  let best: Record<string, unknown> | null = null;
  let tries = 0;
  for (let m = re.exec(payload); m && tries < 50; m = re.exec(payload), tries++) {
    const value = parseJsonAt(payload, m.index + m[0].length - 1);
    if (isRecord(value) && looksLikeListing(value) && (!best || listingScore(value) > listingScore(best))) best = value;
  }
  return best;
}

function legacyAd(scripts: ScriptElement[]): Record<string, unknown> | null {
  for (const { content } of scripts) {
    const m = /__INITIAL_STATE__\s*=\s*/.exec(content);
    if (!m) continue;
    const start = content.indexOf('{', m.index + m[0].length);
    if (start < 0) continue;
    const state = parseJsonAt(content, start);
    const ads = pathGet(state, 'search', 'vip', 'ads');
    if (isRecord(ads)) {
      for (const entry of Object.values(ads)) {
        const ad = pathGet(entry, 'data', 'ad');
        if (isRecord(ad) && looksLikeListing(ad)) return ad;
      }
    }
  }
  return null;
}

/** "$undefined" and "$41"-style row references are not values. */
const value = (v: unknown): unknown =>
  typeof v === 'string' && /^\$(?:undefined|[0-9a-f]+|L[0-9a-f]+)$/i.test(v) ? undefined : v;
const text = (v: unknown): string | null => cleanText(value(v));
const named = (v: unknown): string | null =>
  isRecord(v) ? (text(v.localized) ?? text(v.name) ?? text(v.label)) : text(v);
const amount = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 1 ? v : null);

function attributesOf(listing: Record<string, unknown>): Attributes {
  const attrs: Attributes = new Map();
  if (!Array.isArray(listing.attributes)) return attrs;
  for (const a of listing.attributes) {
    if (!isRecord(a)) continue;
    const raw = value(a.value);
    const val = Array.isArray(raw) ? raw.filter((x) => typeof x === 'string').join(' ') : text(raw);
    if (!val) continue;
    const tag = text(a.tag);
    if (tag && !attrs.has(tag)) attrs.set(tag, val);
    const label = text(a.label);
    if (label && !attrs.has(`label:${label}`)) attrs.set(`label:${label}`, val);
  }
  return attrs;
}

function attr(attrs: Attributes, tag: string): string | null {
  // A namespaced tag ('envkv.co2Emissions' for 'co2Emissions'), never a consumption row ('envkv.consumptionDetails.fuel').
  const suffix = `.${tag.toLowerCase()}`;
  const direct =
    attrs.get(tag) ??
    [...attrs].find(
      ([k]) => !k.startsWith('label:') && !/consumption/i.test(k) && k.toLowerCase().endsWith(suffix),
    )?.[1];
  if (direct) return direct;
  const re = LABELS[tag];
  if (!re) return null;
  const exclude = LABEL_EXCLUDE[tag];
  for (const [k, v] of attrs) {
    if (!k.startsWith('label:')) continue;
    const label = k
      .slice(6)
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .trim();
    if (re.test(label) && !exclude?.test(label)) return v;
  }
  return null;
}

function fromListing(l: Record<string, unknown>, html: string): ListingData | null {
  const attrs = attributesOf(l);
  const out = emptyListing('mobile.de');
  out.brand = named(l.make);
  out.model = named(l.model);
  // The object that carries the spec rows may lack make and title: the page heading names the car.
  const title = text(l.title) ?? text(l.shortTitle) ?? (out.brand ? null : pageHeading(html));
  if (!out.brand && title) {
    const fromTitle = makeFromTitle(title);
    out.brand = fromTitle?.brand ?? null;
    out.model ??= fromTitle?.rest.split(/\s+/)[0] || null;
  }
  out.submodel = submodelOf(l, attrs, out.brand, out.model, title);
  fillSpecs(out, attrs, fuelOf(l, attrs));

  const contact = isRecord(l.contact) ? l.contact : isRecord(l.contactInfo) ? l.contactInfo : {};
  out.sellerName = text(contact.name);
  const prefix = /^([A-Z]{2})-/.exec(text(contact.address2) ?? '');
  out.country = countryCode(value(contact.country)) ?? (prefix ? prefix[1]! : null);
  out.sellerType = sellerTypeOf(
    value(contact.enumType) ?? value(contact.sellerType) ?? value(l.sellerType) ?? value(contact.type),
  );
  out.particleFilter ??= particleFilterIn(stringsIn(value(l.features)));

  pricesOf(l, out);
  const images = Array.isArray(l.images) && l.images.length > 0 ? l.images : l.galleryImages;
  out.imageUrls = imageList(
    Array.isArray(images)
      ? images.map((i) => (isRecord(i) ? (value(i.uri) ?? value(i.src) ?? value(i.url)) : value(i)))
      : [],
  );
  return hasCarData(out) || out.price ? out : null;
}

function fillSpecs(out: ListingData, attrs: Attributes, fuel: FuelInfo): void {
  out.mileageKm = parseInteger(attr(attrs, 'mileage'));
  out.engineCc = parseEngineCc(attr(attrs, 'cubicCapacity'));
  const power = parsePower(attr(attrs, 'power'));
  out.powerKw = power?.kw ?? null;
  out.powerHp = power?.hp ?? null;
  out.fuel = fuel.fuel;
  out.hybrid = fuel.hybrid;
  out.plugin = fuel.plugin;
  out.firstRegistration = parseMonthYear(attr(attrs, 'firstRegistration'));
  const co2Text = attr(attrs, 'envkv.co2Emissions') ?? attr(attrs, 'co2Emissions');
  out.co2 = parseCo2(co2Text);
  out.co2Cycle = co2CycleFor(out.co2, out.firstRegistration, co2LabelOf(co2Text));
  // Tags ('emissionClass', 'transmission') and labels ('Schadstoffklasse', 'Getriebe') alike.
  Object.assign(out, factsFromRows([...attrs].map(([k, v]) => [k.replace(/^label:/, ''), v] as [string, string])));
}

/**
 * subTitle (trim text), else the title without make and model, else the trimLine attribute. Dealers
 * pad these with selling points ("xDrive 30 d*Garantie*Navi*Voll*", "M Sportpaket | AHK"): the
 * first segment is the version.
 */
function submodelOf(
  l: Record<string, unknown>,
  attrs: Attributes,
  brand: string | null,
  model: string | null,
  heading: string | null,
): string | null {
  const sub = firstSegment(text(l.subTitle));
  if (sub) return sub;
  const fullTitle = text(l.title) ?? heading;
  let title = fullTitle;
  if (title) {
    for (const name of [brand, model]) {
      if (!name) continue;
      if (title.toLowerCase() === name.toLowerCase()) title = '';
      else if (title.toLowerCase().startsWith(`${name.toLowerCase()} `)) title = title.slice(name.length).trim();
    }
    const rest = title !== fullTitle ? firstSegment(title) : null;
    if (rest && !/\s(?:in|für|for|pour|voor)\s.*\d/.test(rest)) return rest;
  }
  return firstSegment(attr(attrs, 'trimLine'));
}

/** Free text up to its first selling-point separator ("|", "*", "•", ";", "!"). */
function firstSegment(value: string | null): string | null {
  if (!value) return null;
  const first =
    value
      .split(/\s*[|*•;!]\s*/)
      .find((s) => s.trim() !== '')
      ?.trim() ?? '';
  return first || null;
}

/** The page's h1, else og:title, else <title>. */
function pageHeading(html: string): string | null {
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  return (h1 ? stripTags(h1[1]!) : null) || metaContent(html, 'og:title') || pageTitle(html);
}

function fuelOf(l: Record<string, unknown>, attrs: Attributes): FuelInfo {
  const label = attr(attrs, 'fuel') ?? text(l.fuel) ?? text(l.fuelType);
  let info = fuelFromMobileCode(label) ?? fuelFromText(label);
  const engineType = attr(attrs, 'envkv.engineType') ?? attr(attrs, 'engineType');
  if (engineType) {
    const et = fuelFromText(engineType);
    if (et?.plugin) info = asPlugin(info);
    else if (et?.hybrid) info = asHybrid(info);
    else info ??= et?.fuel === 'electric' ? et : null;
  }
  return info ?? { fuel: null, hybrid: false, plugin: false };
}

function pricesOf(l: Record<string, unknown>, out: ListingData): void {
  const p = isRecord(l.price) ? l.price : {};
  // App Router: price.grs / price.nt {amount, currency, localized}; legacy: grossAmount/gross, netAmount/net.
  const grs = isRecord(p.grs) ? p.grs : {};
  const nt = isRecord(p.nt) ? p.nt : {};
  const grossAmount = amount(grs.amount) ?? amount(p.grossAmount);
  const grossText = text(grs.localized) ?? text(p.gross);
  out.price = grossAmount !== null ? parsePrice(grossAmount) : positive(parsePrice(grossText));
  out.currency = out.price ? (text(grs.currency) ?? text(p.grossCurrency) ?? currencyOf(grossText)) : null;
  const netAmount = amount(nt.amount) ?? amount(p.netAmount);
  out.priceWithoutVat =
    netAmount !== null ? parsePrice(netAmount) : positive(parsePrice(text(nt.localized) ?? text(p.net)));
}

const positive = (price: string | null): string | null => (price !== null && Number(price) > 1 ? price : null);

/**
 * Last resort: the rendered spec table, by `data-testid="<tag>-item"` where present, else by its
 * localized row labels (dt/dd or table rows); brand/model from the h1 or og:title.
 */
function fromSpecTable(html: string): ListingData | null {
  const attrs: Attributes = new Map();
  const re = /<dt\b[^>]*data-testid="([\w.-]+)-item"[^>]*>([\s\S]*?)<\/dt>\s*<dd\b[^>]*>([\s\S]*?)<\/dd>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const val = stripTags(m[3]!);
    if (val && !attrs.has(m[1]!)) attrs.set(m[1]!, val);
  }
  for (const [label, val] of labelledRows(html)) if (!attrs.has(`label:${label}`)) attrs.set(`label:${label}`, val);
  if (attrs.size === 0) return null;
  const out = emptyListing('mobile.de');
  const title = pageHeading(html);
  const fromTitle = makeFromTitle(title);
  out.brand = fromTitle?.brand ?? null;
  out.model = fromTitle?.rest.split(/\s+/)[0] || null;
  out.submodel = firstSegment(attr(attrs, 'trimLine'));
  fillSpecs(out, attrs, fuelOf({}, attrs));
  return out.mileageKm !== null || out.engineCc !== null || out.powerKw !== null || out.firstRegistration ? out : null;
}
