// AutoScout24 EU sites (docs/listings.md section 3): script#__NEXT_DATA__ -> props.pageProps.listingDetails.
import type { ListingData } from './types.ts';
import { asPlugin, fuelFromAutoscoutCode, fuelFromText, type FuelInfo } from './fuel.ts';
import { findScripts, labelledRows, nextData } from './html-scripts.ts';
import { imageList } from './images.ts';
import { co2CycleFor, co2LabelOf, emptyListing, hasCarData } from './listing-data.ts';
import { currencyOf } from './money.ts';
import {
  hpFromKw,
  kwFromHp,
  netFromGross,
  parseCo2,
  parseEngineCc,
  parseInteger,
  parseMonthYear,
  parsePower,
  parsePrice,
} from './numbers.ts';
import { cleanText, countryCode, foldText, isRecord, pathGet } from './text.ts';
import {
  euroNormOf,
  gearboxOf,
  particleFilterIn,
  sellerTypeOf,
  stringsIn,
  type VehicleFacts,
} from './vehicle-facts.ts';

/** trackingParams.classified_country one-letter codes. */
const TRACKING_COUNTRY: Record<string, string> = {
  D: 'DE',
  A: 'AT',
  B: 'BE',
  E: 'ES',
  F: 'FR',
  I: 'IT',
  L: 'LU',
  NL: 'NL',
  P: 'PT',
};

export function parseAutoscout24(html: string): ListingData | null {
  const data = nextData(html, findScripts(html));
  const pageProps = pathGet(data, 'props', 'pageProps') ?? pathGet(data, 'pageProps');
  const details = pathGet(pageProps, 'listingDetails') ?? pathGet(pageProps, 'listing');
  // Only the advert at its own path: a car elsewhere in the state is a search result or a recommendation.
  return isRecord(details) && isRecord(details.vehicle) ? fromListingDetails(details, html) : null;
}

/** A number field or its formatted twin. */
const raw = (o: unknown, key: string): unknown => (isRecord(o) ? (o[key] ?? undefined) : undefined);
const fmtOf = (v: unknown): unknown => (isRecord(v) ? (v.formatted ?? v.raw) : v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function fromListingDetails(d: Record<string, unknown>, html: string): ListingData | null {
  const v = isRecord(d.vehicle) ? d.vehicle : {};
  const out = emptyListing('autoscout24');
  out.brand = cleanText(fmtOf(v.make));
  out.model = cleanText(fmtOf(v.model));
  out.submodel = submodelOf(v, out.brand, out.model);
  out.mileageKm = num(v.mileageInKmRaw) ?? parseInteger(v.mileageInKm ?? v.mileage);
  out.engineCc =
    num(v.rawDisplacementInCCM) ??
    num(v.rawCylinderCapacity) ??
    parseEngineCc(v.displacementInCCM ?? v.cylinderCapacity ?? v.engineDisplacementInCCM);

  const power = parsePower([v.powerInKw, v.powerInHp].filter((x) => typeof x === 'string').join(' '));
  const kw = num(v.rawPowerInKw) ?? power?.kw ?? null;
  const hp = num(v.rawPowerInHp) ?? power?.hp ?? null;
  out.powerKw = kw ?? (hp !== null ? kwFromHp(hp) : null);
  out.powerHp = hp ?? (kw !== null ? hpFromKw(kw) : null);

  const fuel = fuelOf(d, v);
  out.fuel = fuel.fuel;
  out.hybrid = fuel.hybrid;
  out.plugin = fuel.plugin;

  out.firstRegistration = parseMonthYear(v.firstRegistrationDateRaw) ?? parseMonthYear(v.firstRegistrationDate);
  const co2 = co2Of(v) ?? co2FromSpecRows(html);
  out.co2 = co2.value;
  // AS24 files every CO2 figure under `wltp`, whatever the procedure (real 2008 and 2010 cars carry
  // one there): a registration before 09/2017 can only be an NEDC figure.
  const byDate = co2CycleFor(co2.value, out.firstRegistration);
  out.co2Cycle =
    co2.label === 'wltp' && byDate === 'nedc' ? 'nedc' : co2CycleFor(co2.value, out.firstRegistration, co2.label);

  const loc = isRecord(d.location) ? d.location : {};
  const tracked = cleanText(pathGet(d, 'trackingParams', 'classified_country'))?.toUpperCase() ?? null;
  // classified_country is a one-letter code ("D", "E") or, on some sites, ISO alpha-2 ("NL").
  out.country = countryCode(loc.countryCode) ?? (tracked ? (TRACKING_COUNTRY[tracked] ?? countryCode(tracked)) : null);

  pricesOf(d, out);
  const seller = isRecord(d.seller) ? d.seller : {};
  out.sellerName = cleanText(seller.companyName) ?? cleanText(seller.contactName) ?? cleanText(seller.name);
  Object.assign(out, factsOf(v, seller));
  out.imageUrls = imageList(Array.isArray(d.images) && d.images.length > 0 ? d.images : d.headerImage);
  return hasCarData(out) || out.price ? out : null;
}

/** modelVersionInput is free text, often "xDrive30d M Sport | Pano | AHK": its first segment, without a repeated make/model. */
function submodelOf(v: Record<string, unknown>, brand: string | null, model: string | null): string | null {
  const text = cleanText(v.modelVersionInput) ?? cleanText(fmtOf(v.variant)) ?? cleanText(v.motorTypeName);
  if (!text) return null;
  let first =
    text
      .split(/\s*[|*•;]\s*/)
      .find((s) => s.trim() !== '')
      ?.trim() ?? '';
  for (const name of [brand, model]) {
    if (name && first.toLowerCase().startsWith(`${name.toLowerCase()} `)) first = first.slice(name.length).trim();
  }
  return first || null;
}

function fuelOf(d: Record<string, unknown>, v: Record<string, unknown>): FuelInfo {
  const category = v.fuelCategory;
  const labels = [fmtOf(category), fmtOf(v.primaryFuel), fmtOf(v.fuelType), fmtOf(v.fuel)];
  let info = fuelFromAutoscoutCode(raw(category, 'raw') ?? (typeof category === 'string' ? category : undefined));
  for (const label of labels) info ??= fuelFromText(label);
  const additional = Array.isArray(v.additionalFuel) ? v.additionalFuel.map(fmtOf) : [];
  const vehicleType = String(d.vehicleType ?? v.vehicleType ?? '').toLowerCase();
  const pluginSignal = vehicleType === 'phev' || [...labels, ...additional].some((l) => fuelFromText(l)?.plugin);
  if (pluginSignal) return asPlugin(info);
  return info ?? { fuel: null, hybrid: false, plugin: false };
}

type Co2 = { value: number | null; label: 'wltp' | 'nedc' | 'unknown' };

/** The WLTP block first, then the generic field with the date rule; null when the data has no figure. */
function co2Of(v: Record<string, unknown>): Co2 | null {
  const wltp = pathGet(v, 'wltp', 'co2EmissionsCombinedWithFallback') ?? pathGet(v, 'wltp', 'co2Emissions');
  const wltpValue =
    num(raw(wltp, 'raw')) ?? parseCo2(raw(wltp, 'formatted') ?? (typeof wltp === 'number' ? wltp : undefined));
  if (wltpValue !== null) return { value: Math.round(wltpValue), label: 'wltp' };
  const generic = v.co2emissionInGramPerKmWithFallback ?? v.co2emissionInGramPerKm ?? v.co2Emission;
  const formatted = raw(generic, 'formatted') ?? (typeof generic === 'string' ? generic : undefined);
  const value = num(raw(generic, 'raw')) ?? (typeof generic === 'number' ? generic : null) ?? parseCo2(formatted);
  return value !== null ? { value: Math.round(value), label: co2LabelOf(formatted) } : null;
}

/** A CO2 row label in any AS24 language ("CO₂-Emissionen", "CO2-emissie", "Émissions de CO2"), not a class or cost row. */
const CO2_LABEL =
  /^(?=.*co[\s.]*[₂2])(?=.*(emis|ausstoss|uitstoot))(?!.*(klass|class|kosten|cost|cout|prijs|prix|price|steuer|tax))/i;

/**
 * The rendered spec row, when the page data has no figure (seen on real pages: raw null in the data,
 * "122 g/km (gem.)" in the row).
 */
function co2FromSpecRows(html: string): Co2 {
  for (const [label, value] of labelledRows(html)) {
    if (!CO2_LABEL.test(foldText(label)) || !/g\s*\/\s*km/i.test(value)) continue;
    const co2 = parseCo2(value);
    if (co2 !== null) return { value: co2, label: co2LabelOf(`${label} ${value}`) };
  }
  return { value: null, label: 'unknown' };
}

function pricesOf(d: Record<string, unknown>, out: ListingData): void {
  const pub = pathGet(d, 'prices', 'public');
  const p = isRecord(pub) ? pub : {};
  const formatted = cleanText(p.price) ?? cleanText(pathGet(d, 'price', 'priceFormatted'));
  const gross = num(p.priceRaw) ?? null;
  out.price = gross !== null && gross > 1 ? parsePrice(gross) : positive(parsePrice(formatted));
  out.currency = out.price ? (cleanText(p.currency) ?? currencyOf(formatted)) : null;
  const netRaw = num(p.netPriceRaw);
  const net = netRaw !== null && netRaw > 1 ? parsePrice(netRaw) : positive(parsePrice(p.netPrice));
  if (p.taxDeductible !== false && net) out.priceWithoutVat = net;
  else if (p.taxDeductible === true && out.price && typeof p.vatRate === 'number')
    out.priceWithoutVat = netFromGross(out.price, p.vatRate);
  // superDeal.oldPriceFormatted is the only structured reduction signal; suggestedRetail is the new-car list price.
  const old = positive(parsePrice(pathGet(d, 'superDeal', 'oldPriceFormatted')));
  if (old && out.price && Number(old) > Number(out.price)) out.originalPrice = old;
}

/**
 * Euro norm (`environmentEuDirective`), gearbox (`transmissionType`), particle filter (a
 * `hasParticleFilter` flag, else the equipment lists) and seller type (`isDealer`, else `type`).
 */
function factsOf(v: Record<string, unknown>, seller: Record<string, unknown>): VehicleFacts {
  const flag = v.hasParticleFilter;
  return {
    euroNorm: euroNormOf(fmtOf(v.environmentEuDirective) ?? fmtOf(v.emissionClass)),
    gearbox: gearboxOf(fmtOf(v.transmissionType) ?? fmtOf(v.transmission) ?? fmtOf(v.gearbox)),
    particleFilter: typeof flag === 'boolean' ? flag : particleFilterIn(stringsIn(v.equipment)),
    sellerType:
      typeof seller.isDealer === 'boolean' ? (seller.isDealer ? 'dealer' : 'private') : sellerTypeOf(seller.type),
  };
}

const positive = (price: string | null): string | null => (price !== null && Number(price) > 1 ? price : null);
