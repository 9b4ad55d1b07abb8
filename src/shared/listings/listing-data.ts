import type { Co2Cycle, ListingData, Marketplace } from './types.ts';
import { VEHICLE_MAKES } from '#shared/vocabulary.ts';
import { foldText } from './text.ts';

export function emptyListing(marketplace: Marketplace): ListingData {
  return {
    marketplace,
    brand: null,
    model: null,
    submodel: null,
    mileageKm: null,
    engineCc: null,
    fuel: null,
    hybrid: false,
    plugin: false,
    powerKw: null,
    powerHp: null,
    co2: null,
    co2Cycle: 'unknown',
    firstRegistration: null,
    country: null,
    price: null,
    priceWithoutVat: null,
    originalPrice: null,
    currency: null,
    sellerName: null,
    euroNorm: null,
    particleFilter: null,
    gearbox: null,
    sellerType: null,
    imageUrls: [],
  };
}

/**
 * The test cycle of a CO2 figure (docs/listings.md section 9): a value labelled WLTP (or NEDC) keeps
 * its label; otherwise first registration on or after 09/2018 is WLTP, before 09/2017 NEDC, in
 * between (or no date) unknown.
 */
export function co2CycleFor(
  co2: number | null,
  firstRegistration: string | null,
  label: Co2Cycle = 'unknown',
): Co2Cycle {
  if (co2 === null) return 'unknown';
  if (label !== 'unknown') return label;
  const m = firstRegistration ? /^(\d{2})\/(\d{4})$/.exec(firstRegistration) : null;
  if (!m) return 'unknown';
  const months = Number(m[2]) * 12 + Number(m[1]);
  if (months >= 2018 * 12 + 9) return 'wltp';
  if (months < 2017 * 12 + 9) return 'nedc';
  return 'unknown';
}

/** The procedure a CO2 text names ("106 g/km (WLTP)", "NEFZ"), else 'unknown'. */
export function co2LabelOf(text: unknown): Co2Cycle {
  if (typeof text !== 'string') return 'unknown';
  if (/wltp/i.test(text)) return 'wltp';
  if (/\b(?:nedc|nefz|nedc2)\b/i.test(text)) return 'nedc';
  return 'unknown';
}

/** True when the record holds anything about a car (not just the marketplace name). */
export function hasCarData(d: ListingData): boolean {
  return Boolean(
    d.brand ||
    d.model ||
    d.mileageKm !== null ||
    d.engineCc !== null ||
    d.powerKw !== null ||
    d.firstRegistration ||
    d.fuel,
  );
}

const MAKES_BY_LENGTH = [...VEHICLE_MAKES, 'Mercedes', 'VW', 'Land-Rover', 'Alfa', 'Citroen', 'Škoda'].sort(
  (a, b) => b.length - a.length,
);
const CANONICAL: Record<string, string> = {
  mercedes: 'Mercedes-Benz',
  vw: 'Volkswagen',
  'land-rover': 'Land Rover',
  alfa: 'Alfa Romeo',
  citroen: 'Citroën',
  skoda: 'Skoda',
};

/** The make a title starts with (after an optional "Used"/"Usado"/"Gebraucht"…) and the text after it. */
export function makeFromTitle(title: string | null): { brand: string; rest: string } | null {
  if (!title) return null;
  const text = title.replace(
    /^\s*(?:usado|usada|used|gebraucht|occasion|usato|używany|uzywany|second hand)\s*[:-]?\s*/i,
    '',
  );
  const folded = foldText(text);
  for (const make of MAKES_BY_LENGTH) {
    const key = foldText(make);
    if (folded.startsWith(key) && !/[a-z0-9]/.test(folded[key.length] ?? '')) {
      return {
        brand: CANONICAL[key] ?? VEHICLE_MAKES.find((m) => foldText(m) === key) ?? make,
        rest: text.slice(make.length).trim(),
      };
    }
  }
  return null;
}
