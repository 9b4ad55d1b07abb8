// Standvirtual, otomoto and autovit (one OLX platform, docs/listings.md section 4):
// script#__NEXT_DATA__ -> props.pageProps.advert, machine values in advert.parametersDict.
import type { ListingData, Marketplace } from './types.ts';
import { fuelFromText, NO_FUEL } from './fuel.ts';
import { findScripts, nextData } from './html-scripts.ts';
import { imageList } from './images.ts';
import { co2CycleFor, co2LabelOf, emptyListing, hasCarData } from './listing-data.ts';
import { currencyOf } from './money.ts';
import {
  formatMonthYear,
  kwFromHp,
  netFromGross,
  parseCo2,
  parseEngineCc,
  parseInteger,
  parseMonth,
  parsePower,
  parsePrice,
} from './numbers.ts';
import { cleanText, countryCode, foldText, isRecord, pathGet } from './text.ts';
import { euroNormOf, gearboxOf, particleFilterIn, sellerTypeOf, stringsIn } from './vehicle-facts.ts';

/** Each site is national: the country when the seller's location does not say. */
const SITE_COUNTRY: Record<string, string> = { 'standvirtual.com': 'PT', 'otomoto.pl': 'PL', 'autovit.ro': 'RO' };
/** Standard VAT rates used to derive a net price from a "VAT deductible" flag (docs/listings.md section 10). */
const VAT_RATE: Record<string, number> = { PT: 23, PL: 23, RO: 21 };
/** Regions with their own VAT rate (Azores, Madeira): the rate is then not known. */
const OTHER_VAT_REGION = /a[cç]ores|azores|madeira/i;
// "Faktura VAT" alone (an invoice, possibly under the margin scheme) is not a deductible-VAT signal.
const VAT_LABEL = /iva discriminado|vat[- ]deductible|mo[zż]liwo[sś][cć] odliczenia vat|tva deductibil/i;

type Param = { value: string | null; label: string | null };

const looksLikeAdvert = (o: Record<string, unknown>) =>
  isRecord(o.parametersDict) || (isRecord(o.price) && Array.isArray(o.details));

export function parseStandvirtual(html: string, url: string, marketplace: Marketplace): ListingData | null {
  const data = nextData(html, findScripts(html));
  const advert = pathGet(data, 'props', 'pageProps', 'advert') ?? pathGet(data, 'pageProps', 'advert');
  // Only the advert at its own path: any advert elsewhere in the state is a search result.
  return isRecord(advert) && looksLikeAdvert(advert) ? fromAdvert(advert, url, marketplace) : null;
}

/**
 * parametersDict values; else the display row with the same key in `details`. On the real
 * Standvirtual page the display rows `model` and `engine_code` are swapped against parametersDict
 * (row model = "Série X", the family; row engine_code = "X5", the model): when `details` has an
 * engine_code row, it holds the model.
 */
function paramsOf(advert: Record<string, unknown>): (key: string) => Param {
  const dict = isRecord(advert.parametersDict) ? advert.parametersDict : {};
  const details = Array.isArray(advert.details) ? advert.details.filter(isRecord) : [];
  const shownRow = (key: string) => details.find((d) => d.key === key && cleanText(d.value) !== null);
  return (key) => {
    const first = pathGet(dict, key, 'values', 0);
    if (isRecord(first)) return { value: cleanText(first.value), label: cleanText(first.label) };
    const row = key === 'model' ? (shownRow('engine_code') ?? shownRow('model')) : shownRow(key);
    const shown = row ? cleanText(row.value) : null;
    return { value: shown, label: shown };
  };
}

function fromAdvert(a: Record<string, unknown>, url: string, marketplace: Marketplace): ListingData | null {
  const param = paramsOf(a);
  const out = emptyListing(marketplace);
  // Brand, model and version come from parametersDict: the display rows in `details` are shifted (see paramsOf).
  out.brand = param('make').label ?? param('make').value;
  out.model = param('model').label ?? param('model').value;
  out.submodel = param('version').label ?? param('version_label').label ?? param('version_label').value;
  out.mileageKm = parseInteger(param('mileage').value ?? param('mileage').label);
  out.engineCc = parseEngineCc(param('engine_capacity').value ?? param('engine_capacity').label);

  // engine_power is metric horsepower (cv, KM, CP); its label may name kW instead.
  const power = param('engine_power');
  const labelled = parsePower(power.label);
  const hp = labelled?.hp ?? parseInteger(power.value);
  if (hp !== null && hp > 0) {
    out.powerHp = hp;
    out.powerKw = labelled?.kw ?? kwFromHp(hp);
  }

  const fuelParam = param('fuel_type');
  const fuel = fuelFromText(fuelParam.label) ?? fuelFromText(fuelParam.value) ?? NO_FUEL;
  out.fuel = fuel.fuel;
  out.hybrid = fuel.hybrid;
  out.plugin = fuel.plugin;

  const month =
    parseMonth(param('first_registration_month').value) ?? parseMonth(param('first_registration_month').label);
  const year = parseInteger(param('first_registration_year').value);
  out.firstRegistration = month !== null && year !== null ? formatMonthYear(month, year) : null;
  const co2 = param('co2_emissions');
  out.co2 = parseCo2(co2.value ?? co2.label);
  out.co2Cycle = co2CycleFor(out.co2, out.firstRegistration, co2LabelOf(co2.label));

  const seller = isRecord(a.seller) ? a.seller : {};
  const location = isRecord(seller.location) ? seller.location : {};
  out.sellerName = cleanText(seller.name);
  out.country = countryCode(location.country) ?? siteCountry(url);
  out.sellerType = sellerTypeOf(seller.type) ?? sellerTypeOf(param('private_business').value);
  out.gearbox = gearboxOf(param('gearbox').value) ?? gearboxOf(param('gearbox').label);
  const norm = param('pollution_standard');
  out.euroNorm = euroNormOf(norm.label) ?? euroNormOf(norm.value);
  out.particleFilter = particleFilterOf(a);

  pricesOf(a, param, out, location);
  const photos = pathGet(a, 'images', 'photos');
  out.imageUrls = imageList(Array.isArray(photos) ? photos : Array.isArray(a.images) ? a.images : []);
  return hasCarData(out) || out.price ? out : null;
}

/**
 * A particle filter named by an equipment flag in parametersDict (its key or label, value 1) or in
 * the advert's equipment lists; null when the advert does not name one.
 */
function particleFilterOf(a: Record<string, unknown>): true | null {
  const dict = isRecord(a.parametersDict) ? a.parametersDict : {};
  for (const [key, entry] of Object.entries(dict)) {
    const first = pathGet(entry, 'values', 0);
    const on = isRecord(first) && ['1', 'true', 'yes'].includes(String(first.value).toLowerCase());
    if (on && particleFilterIn([key.replace(/[_-]+/g, ' '), pathGet(entry, 'label'), first.label])) return true;
  }
  return particleFilterIn(stringsIn(a.equipment));
}

function siteCountry(url: string): string | null {
  try {
    const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
    const site = Object.keys(SITE_COUNTRY).find((d) => host === d || host.endsWith(`.${d}`));
    return site ? SITE_COUNTRY[site]! : null;
  } catch {
    return null;
  }
}

function pricesOf(
  a: Record<string, unknown>,
  param: (key: string) => Param,
  out: ListingData,
  location: Record<string, unknown>,
): void {
  const price = isRecord(a.price) ? a.price : {};
  const drop = isRecord(a.advertPriceForPriceDrop) ? a.advertPriceForPriceDrop : {};
  const minor = (v: unknown) => (typeof v === 'number' && v > 100 ? (v / 100).toFixed(2) : null);
  // price.value is a string ("52900"); otomoto may carry minor units in advertPriceForPriceDrop.
  const gross = positive(parsePrice(price.value ?? price.amount)) ?? minor(drop.grossMinorAmount);
  out.price = gross;
  out.currency = gross ? (cleanText(price.currency) ?? currencyOf(cleanText(price.value)) ?? null) : null;

  const labels = Array.isArray(price.labels)
    ? price.labels.map((l) => (isRecord(l) ? (l.label ?? l.code ?? l.key) : l))
    : [];
  const deductibleParam = param('tax_deductible');
  const flag =
    labels.some((l) => typeof l === 'string' && VAT_LABEL.test(l)) ||
    ['1', 'true', 'sim', 'tak', 'da', 'yes'].includes(foldText(deductibleParam.value ?? deductibleParam.label ?? ''));
  const shownNet = minor(drop.netMinorAmount);
  if (shownNet && (flag || drop.isNet === true || drop.showNet === true)) out.priceWithoutVat = shownNet;
  else if (flag && gross && out.country) {
    const rate = VAT_RATE[out.country];
    const region = [location.region, location.city, location.address].filter((x) => typeof x === 'string').join(' ');
    if (rate && !OTHER_VAT_REGION.test(region)) out.priceWithoutVat = netFromGross(gross, rate);
  }
}

const positive = (price: string | null): string | null => (price !== null && Number(price) > 1 ? price : null);
